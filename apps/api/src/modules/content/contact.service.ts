import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enqueueMail } from '../mail/outbox.service';
import { contactMessages, siteSettings } from './content.tables';

export interface ContactMessageInput {
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  message: string;
}

/**
 * Stores a contact-form message and queues it to the site e-mail (setting `email`) in one
 * transaction, so a message is never kept without its mail or mailed without being kept.
 * Returns the outbox id, or null when no site e-mail is configured (the message is still kept).
 */
export async function receiveContactMessage(db: Db, input: ContactMessageInput): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      subject: input.subject,
      message: input.message,
    });
    const [setting] = await tx
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, 'email'))
      .limit(1);
    const siteEmail = setting?.value.trim();
    if (!siteEmail) return null;
    const lines = [
      `From: ${input.name} <${input.email}>`,
      ...(input.phone ? [`Phone: ${input.phone}`] : []),
      `Subject: ${input.subject}`,
      '',
      input.message,
    ];
    return enqueueMail(tx, {
      to: siteEmail,
      subject: `Contact form: ${input.subject}`,
      text: lines.join('\n'),
      kind: 'contact',
    });
  });
}
