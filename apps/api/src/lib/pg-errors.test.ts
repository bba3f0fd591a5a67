import { describe, expect, it } from 'vitest';
import { isUniqueViolation, pgErrorCode, refusingDuplicates } from './pg-errors';

/** An error as Drizzle throws it: its own message, the driver's error as the cause. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert ...'), { cause });

describe('pgErrorCode', () => {
  it('reads the SQLSTATE of the error or of the first cause that has one', () => {
    expect(pgErrorCode({ code: '40P01' })).toBe('40P01');
    expect(pgErrorCode(wrapped({ code: '23505' }))).toBe('23505');
    expect(pgErrorCode(wrapped(wrapped({ code: '23514' })))).toBe('23514');
  });

  it('answers undefined for an error without a code, and for things that are not errors', () => {
    expect(pgErrorCode(new Error('23505'))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
    expect(pgErrorCode('23505')).toBeUndefined();
  });
});

describe('isUniqueViolation', () => {
  it('matches a unique violation, of any index or of the one named', () => {
    const error = wrapped({ code: '23505', constraint: 'users_email_lower_idx' });
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'users_email_lower_idx')).toBe(true);
    expect(isUniqueViolation(error, 'invoices_idempotency_idx')).toBe(false);
  });

  it('counts an unnamed index as the one asked for, and never another error code', () => {
    expect(isUniqueViolation(wrapped({ code: '23505' }), 'users_email_lower_idx')).toBe(true);
    expect(isUniqueViolation(wrapped({ code: '23503', constraint: 'users_email_lower_idx' }))).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key'))).toBe(false);
  });
});

describe('refusingDuplicates', () => {
  const taken = () => new Error('That slug is already used.');

  it('answers what the work answers', async () => {
    await expect(refusingDuplicates(async () => 7, taken)).resolves.toBe(7);
  });

  it('turns a unique violation into the refusal, and lets every other error through', async () => {
    await expect(
      refusingDuplicates(async () => {
        throw wrapped({ code: '23505' });
      }, taken),
    ).rejects.toThrow('That slug is already used.');
    const other = wrapped({ code: '23514' });
    await expect(
      refusingDuplicates(async () => {
        throw other;
      }, taken),
    ).rejects.toBe(other);
  });
});
