/** The mail module's public surface: the outbox delivery plugin and the command that queues a mail. */
export { type Mailer, mailerPlugin } from './mailer';
export { enqueueMail, enqueueMails, type OutgoingMail } from './outbox.service';
