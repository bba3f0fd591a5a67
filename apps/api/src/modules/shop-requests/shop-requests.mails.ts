import type { Config } from '../../config';
import type { OutgoingMail } from '../mail';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Where the requester follows their request on the storefront (apps/web: /profile/shop). */
const shopRequestPage = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/profile/shop`;
const forgotPasswordPage = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/auth/forgot`;

/**
 * To the requester: their shop is open, where to run it, and how to sign in there. The merchant
 * site takes the same account (e-mail and password) as the storefront; someone who only ever
 * signed in with a social account has no password yet, so the mail says how to set one.
 */
export function shopRequestAcceptedMail(
  config: Pick<Config, 'adminUrl' | 'publicUrl'>,
  to: { name: string; email: string },
  shop: { name: string },
): OutgoingMail {
  const text = [
    `Hello ${to.name},`,
    '',
    `Good news: your shop "${shop.name}" is now open on Parade, and you are its shopkeeper.`,
    '',
    `Run it from the merchant site: ${config.adminUrl}`,
    `Sign in there with the same e-mail address (${to.email}) and password you use on Parade. You land in your shop's area, where you add products, opening hours and pictures.`,
    `If you have never set a password (you sign in with a social account), choose one first: ${forgotPasswordPage(config)}`,
    '',
    `Your request: ${shopRequestPage(config)}`,
    '',
    'The Parade team',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    `<p>Good news: your shop “${escapeHtml(shop.name)}” is now open on Parade, and you are its shopkeeper.</p>`,
    `<p>Run it from the <a href="${escapeHtml(config.adminUrl)}">merchant site</a> (${escapeHtml(config.adminUrl)}).`,
    ` Sign in there with the same e-mail address (${escapeHtml(to.email)}) and password you use on Parade. You land in your shop’s area, where you add products, opening hours and pictures.</p>`,
    `<p>If you have never set a password (you sign in with a social account), <a href="${escapeHtml(forgotPasswordPage(config))}">choose one first</a>.</p>`,
    `<p><a href="${escapeHtml(shopRequestPage(config))}">See your request</a></p>`,
    '<p>The Parade team</p>',
  ].join('');
  return {
    kind: 'shop-request-accepted',
    to: to.email,
    subject: `Your shop ${shop.name} is open on Parade`,
    text,
    html,
  };
}

/** To the requester: the request was turned down, why, and that they may ask again. */
export function shopRequestRejectedMail(
  config: Pick<Config, 'publicUrl'>,
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
    `You are welcome to send a new request once this is addressed: ${shopRequestPage(config)}`,
    '',
    'The Parade team',
  ].join('\n');
  return {
    kind: 'shop-request-rejected',
    to: to.email,
    subject: `Your shop request for ${shopName}`,
    text,
    html: `<p>Hello ${escapeHtml(to.name)},</p><p>We are sorry: your request to open “${escapeHtml(shopName)}” on Parade was not accepted.</p><p>Reason: ${escapeHtml(reason)}</p><p>You are welcome to <a href="${escapeHtml(shopRequestPage(config))}">send a new request</a> once this is addressed.</p><p>The Parade team</p>`,
  };
}
