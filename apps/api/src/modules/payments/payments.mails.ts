import { formatMoney } from '@parade/core/money';
import type { OutgoingMail } from '../mail';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** To the customer when Stripe reports their card payment failed. */
export function paymentFailedMail(
  publicUrl: string,
  user: { name: string; email: string },
  invoice: { number: string; total: number },
  reason: string | null,
): OutgoingMail {
  const link = `${publicUrl}/order/invoice/${encodeURIComponent(invoice.number)}`;
  const payLink = `${publicUrl}/order/pay/${encodeURIComponent(invoice.number)}`;
  const amount = formatMoney(invoice.total);
  const why = reason ? `The card issuer said: ${reason}` : 'The card issuer did not say why.';
  const text = [
    `Hello ${user.name},`,
    '',
    `Your card payment of ${amount} for order ${invoice.number} did not go through, so the order is not paid.`,
    why,
    '',
    `Your order: ${link}`,
    '',
    'Nothing was taken from this card. If you then paid with another card, your order page says so',
    'and you need do nothing. Otherwise you can try another card while your items are held for you:',
    payLink,
    '',
    'The Parade team',
  ].join('\n');
  return {
    kind: 'payment-failed',
    to: user.email,
    subject: `Your payment for ${invoice.number} did not go through`,
    text,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Your card payment of ${escapeHtml(amount)} for order ${escapeHtml(invoice.number)} did not go through, so the order is not paid. ${escapeHtml(why)}</p><p><a href="${escapeHtml(link)}">Your order</a></p><p>Nothing was taken from this card. If you then paid with another card, your order page says so and you need do nothing. Otherwise you can <a href="${escapeHtml(payLink)}">try another card</a> while your items are held for you.</p><p>The Parade team</p>`,
  };
}
