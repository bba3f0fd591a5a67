import { isUniqueViolation } from '../lib/pg-errors';
import {
  type AuthContext,
  type AuthResult,
  assertPasswordAcceptable,
  createSession,
  emailTaken,
  guardRegister,
  hashPassword,
  recordSecurityEvent,
  rememberOwnerClient,
  welcomeMail,
} from '../modules/auth';
import { enqueueMail } from '../modules/mail';
import { createUser, EMAIL_UNIQUE_INDEX, findUserByEmail, toUserDto } from '../modules/users';

/** Creates a customer account, signs it in and queues its welcome mail in one transaction (users + auth + mail). */
export async function registerCustomer(
  ctx: AuthContext,
  input: { name: string; email: string; phone?: string | null; password: string },
  clientIp: string,
  userAgent: string | null = null,
): Promise<AuthResult> {
  // The checks run first and on their own: a refused attempt still counts against the IP.
  await guardRegister(ctx.db, clientIp);
  await assertPasswordAcceptable(input.password, input);
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  try {
    const { result, mailId } = await ctx.db.transaction(async (tx) => {
      const user = await createUser(tx, { ...input, passwordHash });
      const client = { ip: clientIp, userAgent };
      const access_token = await createSession(tx, user.id, ctx.config.authTokenTtlDays, client);
      // The first sign-in: later ones from this device and address are not news (the alert mail).
      await recordSecurityEvent(tx, {
        userId: user.id,
        email: user.email,
        kind: 'sign_in',
        client,
        detail: 'account created',
      });
      const mailId = await enqueueMail(tx, welcomeMail(ctx.config, user));
      return { result: { access_token, user: toUserDto(user) }, mailId };
    });
    ctx.deliverMail([mailId]);
    await rememberOwnerClient(ctx.db, input.email, clientIp);
    return result;
  } catch (error) {
    // Two sign-ups with the same address at once: the unique index decides.
    if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) throw emailTaken();
    throw error;
  }
}
