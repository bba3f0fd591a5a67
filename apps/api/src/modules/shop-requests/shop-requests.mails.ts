import type { Config } from '../../config';
import type { OutgoingMail } from '../mail';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** To the requester: their shop is open, and where to run it. */
export function shopRequestAcceptedMail(
  config: Config,
  to: { name: string; email: string },
  shop: { name: string },
): OutgoingMail {
  const text = [
    `Hello ${to.name},`,
    '',
    `Good news: your shop "${shop.name}" is now open on Parade.`,
    `Sign in to the merchant site with your usual account to add products and run it: ${config.adminUrl}`,
    '',
    'The Parade team',
  ].join('\n');
  return {
    kind: 'shop-request-accepted',
    to: to.email,
    subject: `Your shop ${shop.name} is open on Parade`,
    text,
    html: `<p>Hello ${escapeHtml(to.name)},</p><p>Good news: your shop “${escapeHtml(shop.name)}” is now open on Parade.</p><p><a href="${escapeHtml(config.adminUrl)}">Sign in to the merchant site</a> with your usual account to add products and run it.</p><p>The Parade team</p>`,
  };
}

/** To the requester: the request was turned down, and why. */
export function shopRequestRejectedMail(
  to: { name: string; email: string },
  shopName: string,
  reason: string,
): OutgoingMail {
  const text = [
    `Hello ${to.name},`,
    '',
    `We are sorry: your request to open "${shopName}" on Parade was not accepted.`,
    '',
    `Reason: ${reason}`,
    '',
    'You are welcome to send a new request once this is addressed.',
    '',
    'The Parade team',
  ].join('\n');
  return {
    kind: 'shop-request-rejected',
    to: to.email,
    subject: `Your shop request for ${shopName}`,
    text,
    html: `<p>Hello ${escapeHtml(to.name)},</p><p>We are sorry: your request to open “${escapeHtml(shopName)}” on Parade was not accepted.</p><p>Reason: ${escapeHtml(reason)}</p><p>You are welcome to send a new request once this is addressed.</p><p>The Parade team</p>`,
  };
}
