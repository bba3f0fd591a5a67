import type { OutgoingMail } from '../mail';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** To the customer: staff answered their ticket; the answer, and where to reply (the storefront's ticket page). */
export function ticketReplyMail(
  publicUrl: string,
  to: { name: string; email: string },
  ticket: { id: number; subject: string },
  reply: string,
): OutgoingMail {
  const link = `${publicUrl}/profile/ticket-details/${ticket.id}`;
  const text = [
    `Hello ${to.name},`,
    '',
    `We have answered your support ticket #${ticket.id}, "${ticket.subject}":`,
    '',
    reply,
    '',
    `Read the conversation and reply: ${link}`,
    '',
    'The Parade team',
  ].join('\n');
  const paragraphs = reply
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    kind: 'ticket-reply',
    to: to.email,
    subject: `Re: ${ticket.subject} [ticket #${ticket.id}]`,
    text,
    html: `<p>Hello ${escapeHtml(to.name)},</p><p>We have answered your support ticket #${ticket.id}, “${escapeHtml(ticket.subject)}”:</p><blockquote>${paragraphs}</blockquote><p><a href="${escapeHtml(link)}">Read the conversation and reply</a></p><p>The Parade team</p>`,
  };
}

/** Who hears of a customer's ticket: the shop whose order it is about, or the platform. */
export type TicketAudience = 'shop' | 'platform';

/**
 * To the shop (for a ticket about its order) or the site's address (for a general question):
 * a customer opened a ticket or wrote on one, so there is something to answer. Its link opens
 * the ticket in the merchant/admin site, where the answer is written and mailed back.
 */
export function ticketForStaffMail(
  adminUrl: string,
  to: { email: string; audience: TicketAudience },
  ticket: { id: number; subject: string },
  message: { customerName: string; body: string; isNew: boolean },
): OutgoingMail {
  const base = adminUrl.endsWith('/') ? adminUrl : `${adminUrl}/`;
  const link = `${base}${to.audience === 'shop' ? 'vendor' : 'platform'}/tickets/${ticket.id}`;
  const what = message.isNew
    ? `${message.customerName} opened support ticket #${ticket.id}, "${ticket.subject}":`
    : `${message.customerName} wrote on support ticket #${ticket.id}, "${ticket.subject}":`;
  const text = [what, '', message.body, '', `Read it and answer: ${link}`, '', 'Parade'].join('\n');
  const paragraphs = message.body
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    kind: message.isNew ? 'ticket-opened' : 'ticket-message',
    to: to.email,
    subject: `${message.isNew ? 'New ticket' : 'New message'}: ${ticket.subject} [ticket #${ticket.id}]`,
    text,
    html: `<p>${escapeHtml(what)}</p><blockquote>${paragraphs}</blockquote><p><a href="${escapeHtml(link)}">Read it and answer</a></p>`,
  };
}
