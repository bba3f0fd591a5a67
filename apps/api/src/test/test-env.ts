/** Settings every app and database a test builds starts from (build-test-app.ts, database-templates.ts). */

/**
 * A busy test machine (other test files in the same worker, a browser beside it) must not make
 * an app under test shed load at random: every app a test builds spreads this into its
 * environment; the shedding tests (plugins/degrading.test.ts) set their own limits.
 */
export const NO_LOAD_SHEDDING = { SHED_MAX_EVENT_LOOP_DELAY_MS: '0' } as const;

/**
 * Thousands of sign-ups and sign-ins in a run: scrypt at 2^10 instead of 2^15 (about 3 ms instead
 * of 100 per hash). The same code hashes and checks; config.test.ts and password.test.ts keep
 * the production cost covered.
 */
export const CHEAP_PASSWORD_HASHES = { PASSWORD_HASH_COST: '10' } as const;
