import { securityMessages } from '@parade/core/account-security-schemas';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict, invalidField } from '../../lib/errors';
import { twoFactorChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from './auth.tables';
import { hashToken, newOpaqueToken } from './sessions';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  matchTotpStep,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUrl,
  RECOVERY_CODE_COUNT,
} from './two-factor';

/** A sign-in's challenge lives this long, and ends at this many wrong codes. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
export const CHALLENGE_MAX_FAILURES = 5;

/** 422 of a wrong code (field `code`). */
/** 422 for a code that is not right, or (`reused`) the right code of a step already used: the next one will do. */
export const wrongCode = (reused = false) =>
  invalidField('code', reused ? securityMessages.codeReused : securityMessages.codeWrong, 'two_factor_code_invalid');

/** Whether the account has two-factor sign-in turned on, and how many recovery codes are unused. */
export async function twoFactorState(
  db: DbOrTx,
  userId: number,
): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const [row] = await db
    .select({ enabledAt: twoFactorSecrets.enabledAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId));
  if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: true, recoveryCodesLeft: Number(left?.n ?? 0) };
}

export async function hasTwoFactor(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), sql`${twoFactorSecrets.enabledAt} is not null`));
  return Boolean(row);
}

/**
 * Starts (or starts again) the set-up: a new secret, kept encrypted and not yet in force until a
 * code from it is confirmed. 409 while two-factor sign-in is on (turn it off first).
 */
export async function startTwoFactorSetup(
  db: DbOrTx,
  key: Buffer,
  user: { id: number; email: string },
): Promise<{ secret: string; otpauthUrl: string }> {
  if (await hasTwoFactor(db, user.id)) {
    throw conflict(securityMessages.twoFactorAlreadyEnabled, {}, 'two_factor_already_enabled');
  }
  const secret = newTotpSecret();
  const secretEncrypted = encryptSecret(key, user.id, secret);
  await db
    .insert(twoFactorSecrets)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretEncrypted, enabledAt: null, lastStep: null, createdAt: sql`now()` },
      // Never replaces a secret in force (two set-ups racing an enable).
      setWhere: isNull(twoFactorSecrets.enabledAt),
    });
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/**
 * Turns two-factor sign-in on with a code from the pending secret (run it in a transaction):
 * answers the 10 new recovery codes, whose HMACs replace any earlier ones.
 */
export async function confirmTwoFactor(db: DbOrTx, key: Buffer, userId: number, code: string): Promise<string[]> {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).for('update');
  if (!row) throw new AppError(409, securityMessages.twoFactorSetupMissing, {}, 'two_factor_setup_missing');
  if (row.enabledAt) throw conflict(securityMessages.twoFactorAlreadyEnabled, {}, 'two_factor_already_enabled');
  const step = matchTotpStep(decryptSecret(key, userId, row.secretEncrypted), code);
  if (step === null) throw wrongCode();
  await db
    .update(twoFactorSecrets)
    .set({ enabledAt: sql`now()`, lastStep: step })
    .where(eq(twoFactorSecrets.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(
    codes.map((plain) => ({
      userId,
      codeHash: hashRecoveryCode(key, userId, normaliseRecoveryCode(plain) ?? plain),
    })),
  );
  return codes;
}

/**
 * Checks a second factor of an account that has two-factor sign-in on: a TOTP code not used
 * before (its step must be later than the last accepted one, so a code seen over a shoulder
 * cannot be replayed), or an unused recovery code, which this uses up. Each in one conditional
 * update: of two requests with the same code, one wins. Answers what matched; 'reused' for the
 * right code of a step already used (or an earlier one), which is refused all the same; or null.
 */
export async function verifySecondFactor(
  db: DbOrTx,
  key: Buffer,
  userId: number,
  code: string,
): Promise<'totp' | 'recovery' | 'reused' | null> {
  const [row] = await db
    .select()
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), sql`${twoFactorSecrets.enabledAt} is not null`));
  if (!row) return null;
  const step = matchTotpStep(decryptSecret(key, userId, row.secretEncrypted), code);
  if (step !== null) {
    const taken = await db
      .update(twoFactorSecrets)
      .set({ lastStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          or(isNull(twoFactorSecrets.lastStep), lt(twoFactorSecrets.lastStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    // The right code of a step already used (a code is good once): not a sign-in, but not a guess either.
    return taken.length > 0 ? 'totp' : 'reused';
  }
  const recovery = normaliseRecoveryCode(code);
  if (!recovery) return null;
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(key, userId, recovery)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0 ? 'recovery' : null;
}

/** Turns two-factor sign-in off: the secret, the recovery codes and open challenges go. */
export async function removeTwoFactor(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}

/** A sign-in's challenge, after its password was right: the token for the client (only its hash is kept). */
export async function createChallenge(db: DbOrTx, userId: number): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(twoFactorChallenges).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_TTL_SECONDS})`,
  });
  // Challenges past their time are of no use: clear them now and then.
  if (Math.random() < 0.05) {
    await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, sql`now() - interval '1 day'`));
  }
  return token;
}

const liveChallenge = (token: string) =>
  and(
    eq(twoFactorChallenges.tokenHash, hashToken(token)),
    isNull(twoFactorChallenges.usedAt),
    gt(twoFactorChallenges.expiresAt, sql`now()`),
    lt(twoFactorChallenges.failures, CHALLENGE_MAX_FAILURES),
  );

/** The live challenge of a token (unused, unexpired, under 5 wrong codes), or null. */
export async function findLiveChallenge(db: DbOrTx, token: string): Promise<{ id: number; userId: number } | null> {
  const [row] = await db
    .select({ id: twoFactorChallenges.id, userId: twoFactorChallenges.userId })
    .from(twoFactorChallenges)
    .where(liveChallenge(token));
  return row ?? null;
}

/** Counts a wrong code against the challenge; the fifth ends it. */
export async function countChallengeFailure(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(twoFactorChallenges)
    .set({ failures: sql`${twoFactorChallenges.failures} + 1` })
    .where(eq(twoFactorChallenges.id, id));
}

/** Uses the challenge up (once: of two requests, one wins); false when it was no longer live. */
export async function useChallenge(db: DbOrTx, token: string): Promise<boolean> {
  const used = await db
    .update(twoFactorChallenges)
    .set({ usedAt: sql`now()` })
    .where(liveChallenge(token))
    .returning({ id: twoFactorChallenges.id });
  return used.length > 0;
}

/** 422 of a challenge that is unknown, used, expired or ended by wrong codes (field `challenge`). */
export const challengeInvalid = () =>
  invalidField('challenge', securityMessages.challengeInvalid, 'two_factor_challenge_invalid');
