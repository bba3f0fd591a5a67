/** The mail module's public surface: the outbox delivery plugin, the command that queues a mail, and the platform's outbox routes. */
export { mailAdminRoutes } from './admin.routes';
export { type Mailer, mailerPlugin } from './mailer';
export { enqueueMail, enqueueMails, type OutgoingMail, REDACTED_BODY } from './outbox.service';
