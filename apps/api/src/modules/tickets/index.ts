/**
 * The tickets module's public surface: the platform's, the customer's and the shop's routes,
 * and the ticket queries, commands and mails that workflows use.
 */
export { ticketsAdminRoutes } from './admin.routes';
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
export { ticketsUserRoutes } from './user.routes';
export { ticketsVendorRoutes } from './vendor.routes';
