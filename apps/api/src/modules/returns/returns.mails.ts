import type { OutgoingMail } from '../mail';

/**
 * The returns' mails. None of them promises a refund: refunds (of card payments above all) are
 * not made by Parade automatically; the shop arranges any refund with the customer
 * (docs/decisions/017-returns.md).
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
    'Please bring or send the item back as the shop asks. The shop will confirm when it has the item back. Any refund is arranged with you by the shop: it is not made automatically.';
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

/** To the customer: the shop has the returned item back. */
export function returnReceivedMail(
  publicUrl: string,
  to: { name: string; email: string },
  shopName: string,
  facts: ReturnMailFacts,
): OutgoingMail {
  const link = `${publicUrl}/profile/order-return`;
  const intro = `${shopName} has received the ${what(facts)} you returned from order #${facts.orderId} (${facts.invoiceNumber}).`;
  const next = 'Any refund is arranged with you by the shop: it is not made automatically.';
  return {
    kind: 'return-received',
    to: to.email,
    subject: `Your returned item for order #${facts.orderId} has arrived`,
    text: [`Hello ${to.name},`, '', intro, next, '', `Your returns: ${link}`, '', 'The Parade team'].join('\n'),
    html: html([`Hello ${to.name},`, intro, next, { link, label: 'See your returns' }, 'The Parade team']),
  };
}
