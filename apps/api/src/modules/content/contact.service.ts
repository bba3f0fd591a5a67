import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages, siteSettings } from './content.tables';

export interface ContactMessageInput {
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  message: string;
}

/** Keeps a contact-form message (the receive-contact-message workflow mails it in the same transaction). */
export async function saveContactMessage(db: DbOrTx, input: ContactMessageInput): Promise<void> {
  await db.insert(contactMessages).values({
    name: input.name,
    email: input.email,
    phone: input.phone || null,
    subject: input.subject,
    message: input.message,
  });
}

/** The site's own e-mail address (setting `email`), or null when none is configured. */
export async function getSiteEmail(db: DbOrTx): Promise<string | null> {
  const [setting] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'email'))
    .limit(1);
  return setting?.value.trim() || null;
}

/** The mail that carries a contact message to the site address. */
export function contactMail(siteEmail: string, input: ContactMessageInput) {
  const lines = [
    `From: ${input.name} <${input.email}>`,
    ...(input.phone ? [`Phone: ${input.phone}`] : []),
    `Subject: ${input.subject}`,
    '',
    input.message,
  ];
  return { to: siteEmail, subject: `Contact form: ${input.subject}`, text: lines.join('\n'), kind: 'contact' };
}
