/**
 * The tickets module's public surface: the platform's routes, and the ticket queries and
 * commands that workflows (and, later, the customer's own ticket calls) use.
 */
export { ticketsAdminRoutes } from './admin.routes';
export { ticketReplyMail } from './tickets.mails';
export {
  addTicketMessage,
  findTicket,
  listTickets,
  lockTicket,
  setTicketStatus,
  type TicketListQuery,
} from './tickets.service';
