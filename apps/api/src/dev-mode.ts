import { BlockList, isIPv4, isIPv6 } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * True when HOST is an address only this machine can reach: 127.0.0.0/8, ::1 (in any notation,
 * also IPv4-mapped) or the name localhost. Development conveniences (reset links in the log, demo
 * accounts with published passwords) are only ever on by default for such a server: a laptop,
 * never a server others reach.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/u, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIPv4(name)) return loopback.check(name, 'ipv4');
  if (isIPv6(name)) return loopback.check(name, 'ipv6');
  return false;
}

/** What the start-up line needs to know of the configuration. */
export interface ModeFacts {
  env: 'development' | 'production' | 'test';
  host: string;
  smtpUrl?: string;
  logResetLinks: boolean;
  seedDemo: boolean;
}

/**
 * The one start-up line that says whether development conveniences are on and why: reset links
 * in the log (only without SMTP_URL, on a loopback HOST, outside production) and the demo
 * accounts, whose passwords are published (by default only on a loopback HOST outside production;
 * elsewhere only with SEED_DEMO=true, which the line then says).
 */
export function modeLine(facts: ModeFacts): string {
  const loopback = isLoopbackHost(facts.host);
  const links = facts.logResetLinks
    ? `password reset links ARE written to this log (no SMTP_URL, HOST ${facts.host} is loopback)`
    : `password reset links are never logged (${
        facts.smtpUrl
          ? 'mail goes out over SMTP_URL'
          : facts.env === 'production'
            ? 'NODE_ENV=production'
            : `HOST ${facts.host} is not loopback`
      })`;
  const demo = !facts.seedDemo
    ? 'no demo accounts are seeded'
    : loopback
      ? 'demo accounts with published passwords are seeded into an empty database'
      : `demo accounts with published passwords are seeded into an empty database on a HOST others can reach, because SEED_DEMO=true`;
  const mode = facts.logResetLinks || (facts.seedDemo && loopback) ? 'Development mode' : 'Server mode';
  return `${mode}: ${links}; ${demo}.`;
}

/** What the start-up line about the database and admin sign-in needs to know. */
export interface DurabilityFacts {
  databaseUrl?: string;
  pgliteFsync: boolean;
  adminTwoFactor: 'required' | 'optional';
}

/**
 * The start-up line that says how safe the data is and how admins sign in (decision 045): on
 * PGlite, whether commits are flushed to the disk (fsync on, a server's default) or not (a
 * laptop's: a power cut may lose or corrupt recent data); and whether admins must use
 * two-factor sign-in.
 */
export function safetyLine(facts: DurabilityFacts): string {
  const database = facts.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : facts.pgliteFsync
      ? 'embedded database (PGlite) with fsync on: every commit is on the disk before it is answered'
      : 'embedded database (PGlite) with fsync OFF: data survives a killed process, not a power cut or an operating-system crash (use PostgreSQL on a server)';
  const admins =
    facts.adminTwoFactor === 'required'
      ? 'admins must turn on two-factor sign-in before using the admin pages'
      : 'admins may use the admin pages without two-factor sign-in (ADMIN_TWO_FACTOR=optional, a laptop’s default)';
  return `Data: ${database}; ${admins}.`;
}
