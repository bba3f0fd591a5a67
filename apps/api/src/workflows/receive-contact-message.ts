import type { Db } from '../db/client';
import { type ContactMessageInput, contactMail, getSiteEmail, saveContactMessage } from '../modules/content';
import { enqueueMail } from '../modules/mail';

/** Keeps a contact-form message and queues its mail to the site address in one transaction (outbox id, or null with no site e-mail). */
export async function receiveContactMessage(db: Db, input: ContactMessageInput): Promise<number | null> {
  return db.transaction(async (tx) => {
    await saveContactMessage(tx, input);
    const siteEmail = await getSiteEmail(tx);
    if (!siteEmail) return null;
    return enqueueMail(tx, contactMail(siteEmail, input));
  });
}
