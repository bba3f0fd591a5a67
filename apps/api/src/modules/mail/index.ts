/**
 * The mail module's public surface: the command that queues a mail, and the outbox delivery
 * plugin app.ts registers (it delivers this module's own rows and runs no workflow).
 */
export { type Mailer, mailerPlugin } from './mailer';
export { enqueueMail, enqueueMails, type OutgoingMail, REDACTED_BODY } from './outbox.service';
