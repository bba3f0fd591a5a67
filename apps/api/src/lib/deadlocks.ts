import { DEADLOCK_DETECTED, pgErrorCode } from './pg-errors';

/**
 * Runs a transaction again when PostgreSQL broke a deadlock by rolling it back (SQLSTATE 40P01).
 * Nothing of a rolled-back attempt remains, so trying again is safe; any other error, or a third
 * deadlock in a row, is thrown as it came.
 */
export async function retryingDeadlocks<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await run();
    } catch (error) {
      if (n >= attempts || !isDeadlock(error)) throw error;
    }
  }
}

export function isDeadlock(error: unknown): boolean {
  return pgErrorCode(error) === DEADLOCK_DETECTED;
}
