/**
 * Runs a transaction again when PostgreSQL broke a deadlock by rolling it back (SQLSTATE 40P01).
 * Nothing of a rolled-back attempt remains, so trying again is safe; any other error, or a third
 * deadlock in a row, is thrown as it came. Drizzle wraps driver errors, so the causes are searched.
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
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '40P01') return true;
  }
  return false;
}
