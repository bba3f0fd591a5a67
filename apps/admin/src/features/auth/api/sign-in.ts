import { loginPayloadSchema } from '@parade/core/account-security-schemas';
import { authPayloadSchema, type LoginInput, userPayloadSchema } from '@parade/core/auth-schemas';
import { emptyPayloadSchema } from '@parade/core/envelope';
import { apiData } from '@/lib/api-client';
import { isStaff, type StaffUser } from '@/lib/session-store';

export const customerRefused =
  'This site is for shopkeepers and the Parade team. Customers sign in on the storefront, not here.';

export class CustomerRefusedError extends Error {
  constructor() {
    super(customerRefused);
    this.name = 'CustomerRefusedError';
  }
}

/**
 * POST auth/login, then GET auth/me with the new token. A customer's token is revoked at once
 * (POST auth/logout) and never stored: this site holds only vendor and admin sessions.
 */
export async function signIn(input: LoginInput): Promise<{ token: string; user: StaffUser } | { challenge: string }> {
  const reply = await apiData('auth/login', loginPayloadSchema, { method: 'POST', body: input });
  if ('challenge' in reply) return { challenge: reply.challenge };
  return staffSession(reply.access_token);
}

/** POST auth/login/2fa: the second step of a sign-in with two-factor sign-in on (decision 045). */
export async function signInWithCode(challenge: string, code: string): Promise<{ token: string; user: StaffUser }> {
  const { access_token } = await apiData('auth/login/2fa', authPayloadSchema, {
    method: 'POST',
    body: { challenge, code },
  });
  return staffSession(access_token);
}

async function staffSession(token: string): Promise<{ token: string; user: StaffUser }> {
  const { user } = await apiData('auth/me', userPayloadSchema, { token });
  if (!isStaff(user)) {
    await apiData('auth/logout', emptyPayloadSchema, { method: 'POST', token }).catch(() => undefined);
    throw new CustomerRefusedError();
  }
  return { token, user };
}
