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

/** What an alert says about where a change came from. */
export interface AlertPlace {
  device: string;
  ip: string;
  at: Date;
}

const placeLines = (place: AlertPlace) => [
  `When: ${place.at.toUTCString()}`,
  `Device: ${place.device}`,
  `Address: ${place.ip}`,
];

function alertMail(
  config: Config,
  user: { name: string; email: string },
  kind: string,
  subject: string,
  what: string,
  place: AlertPlace,
): OutgoingMail {
  const security = `${config.publicUrl}/profile/security`;
  const ifNot =
    'If this was not you, reset your password at once (Forgot password on the sign-in page) and check your sessions and security events:';
  const text = [
    `Hello ${user.name},`,
    '',
    what,
    '',
    ...placeLines(place),
    '',
    ifNot,
    security,
    '',
    'The Parade team',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(user.name)},</p><p>${escapeHtml(what)}</p><ul>${placeLines(place)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join(
      '',
    )}</ul><p>${escapeHtml(ifNot)} <a href="${escapeHtml(security)}">your account's security</a>.</p><p>The Parade team</p>`;
  return { kind, to: user.email, subject, text, html };
}

/** After a password change or reset: a mail to the account's address. */
export function passwordChangedMail(config: Config, user: { name: string; email: string }, place: AlertPlace) {
  return alertMail(
    config,
    user,
    'security-password-changed',
    'Your Parade password was changed',
    'The password of your Parade account was just changed, and every other session was signed out.',
    place,
  );
}

/** After two-factor sign-in was turned on or off. */
export function twoFactorChangedMail(
  config: Config,
  user: { name: string; email: string },
  enabled: boolean,
  place: AlertPlace,
) {
  return alertMail(
    config,
    user,
    'security-two-factor-changed',
    enabled ? 'Two-factor sign-in was turned on' : 'Two-factor sign-in was turned off',
    enabled
      ? 'Two-factor sign-in was just turned on for your Parade account: signing in now also asks for a code from your authenticator app.'
      : 'Two-factor sign-in was just turned off for your Parade account: signing in now needs only the password.',
    place,
  );
}

/** A sign-in from a device and address not seen on the account in 90 days. */
export function newSignInMail(config: Config, user: { name: string; email: string }, place: AlertPlace) {
  return alertMail(
    config,
    user,
    'security-new-sign-in',
    'New sign-in to your Parade account',
    'Your Parade account was just signed in to from a device and address it has not been used from in the last 90 days.',
    place,
  );
}
