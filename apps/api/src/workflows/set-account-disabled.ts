import type { DbOrTx } from '../db/client';
import { revokeAllSessions } from '../modules/auth';
import { setUserDisabled } from '../modules/users';

/**
 * Disables or re-enables an account in one transaction; false if there is no such user.
 * Disabling also ends every session the account had: its tokens answer 401 at once (the flag
 * does that) and stay dead when the account is enabled again, so the person signs in anew
 * rather than a token taken before (a lost phone, a shared computer) coming back to life.
 */
export async function setAccountDisabled(db: DbOrTx, userId: number, disabled: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await setUserDisabled(tx, userId, disabled))) return false;
    if (disabled) await revokeAllSessions(tx, userId);
    return true;
  });
}
