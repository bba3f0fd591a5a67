/** The tickets module's public surface: the ticket queries, commands and mails that workflows use. */
export { type TicketAudience, ticketForStaffMail, ticketReplyMail } from './tickets.mails';
export {
  addTicketMessage,
  createTicket,
  findTicket,
  type LockedTicket,
  listTickets,
  lockTicket,
  setTicketStatus,
  type TicketListQuery,
  type TicketScope,
} from './tickets.service';
