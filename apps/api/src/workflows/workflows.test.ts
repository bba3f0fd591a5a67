import { createHash } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, contactMessages, mailOutbox, passwordResets, users } from '../maintenance/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signUp } from '../test/test-support';

// Each workflow writes to several modules' tables in one transaction. A trigger that fails the
// last step shows the boundary: nothing of the earlier steps is left behind.

let t: TestApp;
let ip = 0;
const nextIp = () => `10.77.0.${++ip}`;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

/** Makes every `event` on `table` fail until the returned function is called. */
async function failEvery(
  event: 'insert' | 'update',
  table: 'mail_outbox' | 'auth_tokens',
): Promise<() => Promise<void>> {
  const db = t.database.db;
  await db.execute(
    sql`create or replace function workflow_test_fail() returns trigger language plpgsql as $$ begin raise exception 'step failed on purpose'; end $$`,
  );
  const trigger = sql.raw(`workflow_test_fail_${table}`);
  await db.execute(
    sql`create trigger ${trigger} before ${sql.raw(event)} on ${sql.raw(table)} for each row execute function workflow_test_fail()`,
  );
  return async () => {
    await db.execute(sql`drop trigger ${trigger} on ${sql.raw(table)}`);
  };
}

describe('workflows: one transaction each', () => {
  it('sign-up keeps no user and no session when its welcome mail cannot be queued', async () => {
    const email = `half.written.${Date.now()}@example.test`;
    const payload = {
      name: 'Half Written',
      email,
      password: 'a long enough passphrase',
      password_confirmation: 'a long enough passphrase',
    };
    const [tokensBefore] = await t.database.db.select({ n: count() }).from(authTokens);

    const restore = await failEvery('insert', 'mail_outbox');
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const [tokensAfter] = await t.database.db.select({ n: count() }).from(authTokens);
    expect(tokensAfter?.n).toBe(tokensBefore?.n);

    // Nothing half-written blocks the same sign-up once the outbox works again.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: nextIp() });
    expect(again.statusCode).toBe(201);
  });

  it('a contact message is not kept when its mail cannot be queued', async () => {
    const subject = `Lost message ${Date.now()}`;
    const restore = await failEvery('insert', 'mail_outbox');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact-email',
        payload: { name: 'Ann Other', email: 'ann@example.com', subject, message: 'Is this message kept?' },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await t.database.db.select().from(contactMessages).where(eq(contactMessages.subject, subject))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `Contact form: ${subject}`)),
    ).toEqual([]);
  });

  it('a password reset that cannot end the sessions changes no password and keeps its link', async () => {
    const shopper = await signUp(t.app);
    const token = 'workflow-test-reset-token-0123456789abcdef';
    await t.database.db.insert(passwordResets).values({
      userId: shopper.user.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: sql`now() + interval '1 hour'`,
    });
    const [before] = await t.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    const payload = {
      token,
      email: shopper.email,
      password: 'another long passphrase',
      password_confirmation: 'another long passphrase',
    };

    const restore = await failEvery('update', 'auth_tokens');
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    const [after] = await t.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    const live = await t.database.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, shopper.user.id), isNull(passwordResets.usedAt)));
    expect(live).toHaveLength(1);

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload, remoteAddress: nextIp() });
    expect(again.statusCode).toBe(200);
  });
});
