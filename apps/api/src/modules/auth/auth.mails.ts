import type { Config } from '../../config';
import type { OutgoingMail } from '../mail';

/** The storefront's reset screen; the e-mail rides along so the form can fill it in. */
export function resetLink(config: Config, email: string, token: string): string {
  return `${config.publicUrl}/auth/reset-password/${token}?email=${encodeURIComponent(email)}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function welcomeMail(config: Config, user: { name: string; email: string }): OutgoingMail {
  const text = [
    `Hello ${user.name},`,
    '',
    'Welcome to Parade, your local parade of shops online. Your account is ready:',
    `browse the shops at ${config.publicUrl}/ and order for collection or delivery.`,
    '',
    'The Parade team',
  ].join('\n');
  return {
    kind: 'welcome',
    to: user.email,
    subject: 'Welcome to Parade',
    text,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Welcome to Parade, your local parade of shops online. Your account is ready: <a href="${escapeHtml(config.publicUrl)}/">browse the shops</a> and order for collection or delivery.</p><p>The Parade team</p>`,
  };
}

export function resetPasswordMail(config: Config, user: { name: string; email: string }, token: string): OutgoingMail {
  const link = resetLink(config, user.email, token);
  const minutes = Math.round(config.resetTokenTtlSeconds / 60);
  const text = [
    `Hello ${user.name},`,
    '',
    'Someone (we hope you) asked to reset the password of your Parade account.',
    `Open this link within ${minutes} minutes to choose a new password:`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    'The Parade team',
  ].join('\n');
  return {
    kind: 'password-reset',
    to: user.email,
    subject: 'Reset your Parade password',
    text,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone (we hope you) asked to reset the password of your Parade account. Open this link within ${minutes} minutes to choose a new password:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p><p>The Parade team</p>`,
  };
}
