import type { FastifyInstance } from 'fastify';
import { currentTotpCode } from '../modules/auth';
import { bearer } from './test-support';

/**
 * Turns two-factor sign-in on for the token's account through the API, as a person with an
 * authenticator app would (the code computed from the secret the set-up answered). Answers the
 * secret and the recovery codes. The code is of the next 30 s step, so a test may sign in at
 * once with the current one (a code is accepted once per step, decision 045).
 */
export async function enableTwoFactorFor(
  app: FastifyInstance,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.inject({ method: 'POST', url: '/api/user/2fa/setup', headers: bearer(token) });
  if (setup.statusCode !== 200) throw new Error(`2fa setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json().data as { secret: string };
  const enableWith = (code: string) =>
    app.inject({ method: 'POST', url: '/api/user/2fa/enable', headers: bearer(token), payload: { code } });
  let enable = await enableWith(currentTotpCode(secret, Date.now() - 30_000));
  // The server's 30 s step may have moved on between the code and its check (a busy machine):
  // the previous step's code is then two steps old. Once more, from the new step.
  if (enable.statusCode === 422) enable = await enableWith(currentTotpCode(secret, Date.now() - 30_000));
  if (enable.statusCode !== 200) throw new Error(`2fa enable failed: ${enable.statusCode} ${enable.body}`);
  return { secret, recoveryCodes: enable.json().data.recovery_codes as string[] };
}
