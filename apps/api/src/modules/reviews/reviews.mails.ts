import type { OutgoingMail } from '../mail';

/** The reviews' mails: the prompt after delivery, the shop's reply, and a review hidden by the platform. */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c] ?? c);

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export interface ReviewPromptFacts {
  orderId: number;
  customerName: string;
  customerEmail: string;
  shopName: string;
  /** The lines still without a review. */
  lines: string[];
}

/**
 * Two days after delivery: "How was your order from <shop>?", the lines, a link to the order's
 * page where each is reviewed, and the one-click unsubscribe (a link, and the RFC 8058 headers
 * mail apps show as their own Unsubscribe button).
 */
export function reviewPromptMail(publicUrl: string, facts: ReviewPromptFacts, unsubscribeToken: string): OutgoingMail {
  const base = trimSlash(publicUrl);
  const orderLink = `${base}/profile/orders/${facts.orderId}`;
  const token = encodeURIComponent(unsubscribeToken);
  const unsubscribePage = `${base}/unsubscribe/review-mails?token=${token}`;
  const oneClick = `${base}/api/review-mails/unsubscribe?token=${token}`;
  const intro = `Hello ${facts.customerName}, how was your order #${facts.orderId} from ${facts.shopName}? A few words and some stars help your neighbours choose, and help the shop.`;
  const stop = 'Do not want these mails? Unsubscribe from review requests:';
  return {
    kind: 'review-prompt',
    to: facts.customerEmail,
    subject: `How was your order from ${facts.shopName}?`,
    text: [
      intro,
      '',
      ...facts.lines.map((line) => `- ${line}`),
      '',
      `Review them here: ${orderLink}`,
      '',
      `${stop} ${unsubscribePage}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${facts.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(orderLink)}">Review your order</a></p>`,
      `<p style="font-size:12px">${escapeHtml(stop)} <a href="${escapeHtml(unsubscribePage)}">unsubscribe</a>.</p>`,
    ].join(''),
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** To the author: the shop replied to their review. */
export function reviewReplyMail(
  publicUrl: string,
  to: { email: string; name: string },
  facts: { productName: string; shopName: string; reply: string },
): OutgoingMail {
  const link = `${trimSlash(publicUrl)}/profile/orders`;
  const intro = `Hello ${to.name}, ${facts.shopName} replied to your review of ${facts.productName}:`;
  return {
    kind: 'review-reply',
    to: to.email,
    subject: `${facts.shopName} replied to your review`,
    text: `${intro}\n\n${facts.reply}\n\nYour orders and reviews: ${link}`,
    html: `<p>${escapeHtml(intro)}</p><blockquote>${paragraphs(facts.reply)}</blockquote><p><a href="${escapeHtml(link)}">Your orders and reviews</a></p>`,
  };
}

/** To the author: the platform hid their review, and why. */
export function reviewHiddenMail(
  to: { email: string; name: string },
  facts: { productName: string; reason: string },
): OutgoingMail {
  const intro = `Hello ${to.name}, your review of ${facts.productName} has been hidden by Parade and no longer shows on the product page. The reason:`;
  const after = 'If you think this is a mistake, reply to this mail or open a support ticket.';
  return {
    kind: 'review-hidden',
    to: to.email,
    subject: `Your review of ${facts.productName} was hidden`,
    text: `${intro}\n\n${facts.reason}\n\n${after}`,
    html: `<p>${escapeHtml(intro)}</p><blockquote>${paragraphs(facts.reason)}</blockquote><p>${escapeHtml(after)}</p>`,
  };
}
