import { formatMoney } from '@parade/core/money';
import type { OutgoingMail } from '../mail';

/**
 * The returns' mails. A return marked received is refunded (docs/decisions/030): by card
 * through Stripe (the customer and the shop are mailed again when Stripe made it), in cash by
 * the shop over the counter (recorded as owed, both mailed at once).
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Paragraphs of a person's text (a reason, a note) as HTML, escaped. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The HTML of a mail from its parts; text parts are escaped, links are the only markup. */
function html(parts: (string | { quote: string } | { link: string; label: string })[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return `<p>${escapeHtml(part)}</p>`;
      if ('quote' in part) return `<blockquote>${paragraphs(part.quote)}</blockquote>`;
      return `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p>`;
    })
    .join('');
}

export interface ReturnMailFacts {
  returnId: number;
  orderId: number;
  invoiceNumber: string;
  fullName: string;
  quantity: number;
}

const what = (r: ReturnMailFacts) => `${r.quantity} x ${r.fullName}`;

/** The merchant site's returns page, filtered to this return's invoice. */
function merchantReturnsLink(adminUrl: string, invoice: string): string {
  const base = adminUrl.endsWith('/') ? adminUrl : `${adminUrl}/`;
  return `${base}vendor/returns?search=${encodeURIComponent(invoice)}`;
}

/** To the shop: a customer asked to return a line of its order; where to decide. */
export function returnRequestedMail(
  adminUrl: string,
  to: { email: string; shopName: string },
  customer: { name: string },
  facts: ReturnMailFacts & { reason: string },
): OutgoingMail {
  const link = merchantReturnsLink(adminUrl, facts.invoiceNumber);
  const intro = `${customer.name} asked to return ${what(facts)} from order #${facts.orderId} (${facts.invoiceNumber}). Their reason:`;
  const next = 'Accept or reject it (with a note for the customer) on the Returns page of the merchant site.';
  return {
    kind: 'return-requested',
    to: to.email,
    subject: `Return requested on order #${facts.orderId} (${facts.invoiceNumber})`,
    text: [`Hello ${to.shopName},`, '', intro, '', facts.reason, '', next, link, '', 'The Parade team'].join('\n'),
    html: html([
      `Hello ${to.shopName},`,
      intro,
      { quote: facts.reason },
      next,
      { link, label: 'Open the return' },
      'The Parade team',
    ]),
  };
}

/** To the customer: the shop accepted the return, with its note; no promise of an automatic refund. */
export function returnAcceptedMail(
  publicUrl: string,
  to: { name: string; email: string },
  shopName: string,
  facts: ReturnMailFacts,
  note: string | null,
): OutgoingMail {
  const link = `${publicUrl}/profile/order-return`;
  const intro = `${shopName} accepted your return of ${what(facts)} from order #${facts.orderId} (${facts.invoiceNumber}).`;
  const noteIntro = 'Their note:';
  const next =
    'Please bring or send the item back as the shop asks. Once the shop has it back, you are refunded for it: to the card you paid with, or in cash by the shop if you paid in cash.';
  return {
    kind: 'return-accepted',
    to: to.email,
    subject: `Your return for order #${facts.orderId} is accepted`,
    text: [
      `Hello ${to.name},`,
      '',
      intro,
      ...(note ? ['', noteIntro, note] : []),
      '',
      next,
      '',
      `Your returns: ${link}`,
      '',
      'The Parade team',
    ].join('\n'),
    html: html([
      `Hello ${to.name},`,
      intro,
      ...(note ? [noteIntro, { quote: note }] : []),
      next,
      { link, label: 'See your returns' },
      'The Parade team',
    ]),
  };
}

/** To the customer: the shop turned the return down, and why. */
export function returnRejectedMail(
  publicUrl: string,
  to: { name: string; email: string },
  shopName: string,
  facts: ReturnMailFacts,
  note: string,
): OutgoingMail {
  const link = `${publicUrl}/profile/order-return`;
  const intro = `We are sorry: ${shopName} did not accept your return of ${what(facts)} from order #${facts.orderId} (${facts.invoiceNumber}). Their reason:`;
  const next = 'If something is still wrong with your order, open a support ticket about it from your account.';
  return {
    kind: 'return-rejected',
    to: to.email,
    subject: `Your return for order #${facts.orderId} was not accepted`,
    text: [`Hello ${to.name},`, '', intro, '', note, '', next, `Your returns: ${link}`, '', 'The Parade team'].join(
      '\n',
    ),
    html: html([
      `Hello ${to.name},`,
      intro,
      { quote: note },
      next,
      { link, label: 'See your returns' },
      'The Parade team',
    ]),
  };
}

/** A return's refund as its mails tell it: pence, and how it goes back. */
export interface ReturnRefundFacts {
  amount: number;
  method: 'card' | 'cash';
}

/** What happens to the money, in a sentence for the customer. */
function refundSentence(refund: ReturnRefundFacts | null, shopName: string): string {
  if (!refund) return 'There was nothing left to refund for it: the order was already refunded.';
  const amount = formatMoney(refund.amount);
  return refund.method === 'card'
    ? `A refund of ${amount} is on its way to the card you paid with; we will write again when it is made.`
    : `${shopName} owes you ${amount} for it, paid back in cash: ask at the shop.`;
}

/** To the customer: the shop has the returned item back, and how it is refunded. */
export function returnReceivedMail(
  publicUrl: string,
  to: { name: string; email: string },
  shopName: string,
  facts: ReturnMailFacts,
  refund: ReturnRefundFacts | null = null,
): OutgoingMail {
  const link = `${publicUrl}/profile/orders/${facts.orderId}`;
  const intro = `${shopName} has received the ${what(facts)} you returned from order #${facts.orderId} (${facts.invoiceNumber}).`;
  const next = refundSentence(refund, shopName);
  return {
    kind: 'return-received',
    to: to.email,
    subject: `Your returned item for order #${facts.orderId} has arrived`,
    text: [`Hello ${to.name},`, '', intro, next, '', `Your order: ${link}`, '', 'The Parade team'].join('\n'),
    html: html([`Hello ${to.name},`, intro, next, { link, label: 'See your order' }, 'The Parade team']),
  };
}

/**
 * The mails of a return's refund once it is made (card: Stripe said yes) or recorded owed
 * (cash), to the customer and to the shop (when it has an address).
 */
export function returnRefundMails(
  urls: { publicUrl: string; adminUrl: string },
  to: { customer: { name: string; email: string }; shop: { name: string; email: string | null } },
  facts: ReturnMailFacts,
  refund: ReturnRefundFacts,
): OutgoingMail[] {
  const amount = formatMoney(refund.amount);
  const orderLink = `${urls.publicUrl}/profile/orders/${facts.orderId}`;
  const shopLink = merchantReturnsLink(urls.adminUrl, facts.invoiceNumber);
  const card = refund.method === 'card';
  const customerIntro = card
    ? `Your refund of ${amount} for the ${what(facts)} you returned from order #${facts.orderId} (${facts.invoiceNumber}) has been made to the card you paid with. Banks usually show a refund within 5 to 10 working days.`
    : `${to.shop.name} owes you ${amount} for the ${what(facts)} you returned from order #${facts.orderId} (${facts.invoiceNumber}). You paid in cash, so the shop pays you back in cash: ask at the shop.`;
  const mails: OutgoingMail[] = [
    {
      kind: card ? 'return-refund' : 'return-refund-owed',
      to: to.customer.email,
      subject: card
        ? `Your refund of ${amount} for order #${facts.orderId}`
        : `${to.shop.name} owes you ${amount} for your return on order #${facts.orderId}`,
      text: [
        `Hello ${to.customer.name},`,
        '',
        customerIntro,
        '',
        `Your order: ${orderLink}`,
        '',
        'The Parade team',
      ].join('\n'),
      html: html([
        `Hello ${to.customer.name},`,
        customerIntro,
        { link: orderLink, label: 'See your order' },
        'The Parade team',
      ]),
    },
  ];
  if (to.shop.email) {
    const shopIntro = card
      ? `The return of ${what(facts)} from order #${facts.orderId} (${facts.invoiceNumber}) was refunded: ${amount} went back to ${to.customer.name}'s card. It comes off your balance, and the commission on it is given back.`
      : `You owe ${to.customer.name} ${amount} in cash for the return of ${what(facts)} from order #${facts.orderId} (${facts.invoiceNumber}). Pay it back over the counter, then mark it paid on the return in the merchant site. The commission on it is given back to your balance.`;
    mails.push({
      kind: card ? 'return-refund-for-shop' : 'return-refund-owed-for-shop',
      to: to.shop.email,
      subject: card
        ? `Refund of ${amount} made for a return on order #${facts.orderId}`
        : `Cash refund of ${amount} owed for a return on order #${facts.orderId}`,
      text: [`Hello ${to.shop.name},`, '', shopIntro, shopLink, '', 'The Parade team'].join('\n'),
      html: html([
        `Hello ${to.shop.name},`,
        shopIntro,
        { link: shopLink, label: 'Open the return' },
        'The Parade team',
      ]),
    });
  }
  return mails;
}
