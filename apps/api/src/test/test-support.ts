import { Writable } from 'node:stream';
import type { UserDto } from '@parade/core/auth-schemas';
import type { FastifyInstance } from 'fastify';

/** Test support: sign up through the real API and get a bearer token back. */
let counter = 0;
export async function signUp(
  app: FastifyInstance,
  overrides: { name?: string; email?: string; password?: string; phone?: string } = {},
): Promise<{ token: string; user: UserDto; email: string; password: string }> {
  counter += 1;
  const email = overrides.email ?? `shopper${counter}.${Date.now()}@example.test`;
  const password = overrides.password ?? 'a long enough passphrase';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    // Each test shopper signs up from an address of their own, clear of the per-IP sign-up limit.
    remoteAddress: `10.250.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`,
    payload: {
      name: overrides.name ?? 'Test Shopper',
      email,
      phone: overrides.phone,
      password,
      password_confirmation: password,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { access_token, user } = res.json().data;
  return { token: access_token, user, email, password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart/form-data payload for app.inject, built by the platform's own FormData encoder. */
export async function multipartPayload(form: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A log stream for buildApp({ logger: { stream } }) that keeps every line it is given. */
export function captureLog(): { stream: Writable; lines: string[]; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}
