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
