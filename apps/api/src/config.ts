import path from 'node:path';
import { DIGITAL_FILE_DEFAULT_MAX_MB } from '@parade/core/digital-files';
import { DEFAULT_DOWNLOAD_LINK_TTL_SECONDS } from '@parade/core/digital-product-schemas';
import { DEFAULT_CARD_PAYMENT_TIMEOUT_MINUTES } from '@parade/core/order-status';
import { z } from 'zod';
import { isLoopbackHost } from './dev-mode';
import { parseStorageUrl, type StorageSettings } from './lib/storage/storage-url';

/** One OpenID Connect provider for social login, from OIDC_PROVIDERS (a JSON array). */
const oidcProviderSchema = z.object({
  /** Short name the client sends as `provider`, e.g. "google". */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'id must be lower-case letters, digits or hyphens'),
  /** Shown on the sign-in button. */
  name: z.string().min(1),
  /** Expected `iss` claim, e.g. https://accounts.google.com. */
  issuer: z.string().min(1),
  /** Expected `aud` claim: this site's client id at the provider. */
  client_id: z.string().min(1),
  /** Where the provider publishes its signing keys. */
  jwks_uri: z.string().url(),
  /** Where the storefront sends the shopper to sign in (implicit flow, response_type=id_token). */
  authorization_endpoint: z.string().url().optional(),
});

export interface OidcProvider {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  jwksUri: string;
  authorizationEndpoint?: string;
}

/**
 * A comma-separated list of origins (`scheme://host[:port]`, nothing after). `*` and anything
 * with a path are refused: a browser sends the origin exactly, so `https://shop.example/` would
 * never match, and a wildcard is not an allow-list. `subdomains` also takes `https://*.host`
 * (a CSP source, e.g. an analytics provider's regional hosts).
 */
const originList = (subdomains: boolean) =>
  z
    .string()
    .optional()
    .transform((text, ctx): string[] => {
      const origins = (text ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      for (const origin of origins) {
        const host = subdomains ? origin.replace(/^(https?:\/\/)\*\./, '$1wildcard.') : origin;
        let parsed: URL | null = null;
        try {
          parsed = new URL(host);
        } catch {}
        if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== host || host.includes('*')) {
          ctx.addIssue({
            code: 'custom',
            message: `"${origin}" is not an origin: write scheme://host[:port]${subdomains ? ' (or https://*.host)' : ''}, without a path or a trailing slash (no bare wildcard)`,
          });
        }
      }
      return origins;
    });

/** Configuration comes only from the environment and is checked once, at boot. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told: a bare start is a laptop's (see dev-mode.ts); a server sets HOST=0.0.0.0.
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  // Redis for several API processes (issue 26, decision 043): shared rate limits and announcements.
  REDIS_URL: z
    .string()
    .optional()
    .transform((text) => text?.trim() || undefined)
    .pipe(
      z
        .string()
        .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379')
        .optional(),
    ),
  DATA_DIR: z.string().default('./data'),
  // Uploads and digital files: local disk under DATA_DIR unless an s3:// bucket (docs/decisions/041).
  STORAGE_URL: z.string().optional(),
  // How often each process sweeps unreferenced stored objects (0 = never), and how old one must be.
  STORAGE_SWEEP_MINUTES: z.coerce.number().int().min(0).max(10_080).optional(),
  // How often each process mails the review prompts that fell due (0 = never; decision 044).
  REVIEW_PROMPT_MINUTES: z.coerce.number().int().min(0).max(1_440).optional(),
  STORAGE_SWEEP_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(10)
    .max(525_600)
    .default(24 * 60),
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Parade <no-reply@parade.local>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // The signing secret of the Connect webhook endpoint (connected accounts' events, e.g. account.updated).
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  // Another base URL for Stripe's API (a local stand-in in tests); Stripe's own when unset.
  STRIPE_API_URL: z.string().url().optional(),
  STRIPE_JS_URL: z.string().url().default('https://js.stripe.com/v3/'),
  // Browser tests only (NODE_ENV=test): a file holding milliseconds by which the shop ledger's
  // clock runs ahead (its balances and payout runs), so a spec can move past the payout hold.
  TEST_CLOCK_FILE: z.string().optional(),
  CARD_PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(DEFAULT_CARD_PAYMENT_TIMEOUT_MINUTES),
  // 0 = this process does not run the job; unset = every 60 s, or off under NODE_ENV=test.
  CARD_PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  // No default here: production must choose (see loadConfig); elsewhere the demo gazetteer.
  GEOCODER: z.enum(['demo', 'postcodes.io']).optional(),
  POSTCODES_IO_URL: z.string().url().default('https://api.postcodes.io'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: originList(false),
  // Where the storefront's analytics tag (VITE_ANALYTICS_ID) loads its script from and sends to:
  // added to the CSP's script-src, connect-src and img-src. None by default.
  ANALYTICS_ORIGINS: originList(true),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, ctx): false | number | string[] => {
      const value = text.trim();
      if (value === 'false') return false;
      if (/^\d+$/.test(value)) return Number(value);
      // "true" would believe any X-Forwarded-For, letting a client pick its own IP and dodge
      // the per-IP limits: name the proxies instead.
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message: 'name the proxies (addresses, CIDR ranges or "loopback") or a hop count, not true',
        });
        return z.NEVER;
      }
      return value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  SERVE_APPS: z.enum(['true', 'false']).default('true'),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(1200),
  AUTH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Above the 5 minutes by which last use is recorded (sessions.ts); a year at most.
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(15)
    .max(525_600)
    .default(7 * 24 * 60),
  DIGITAL_FILE_MAX_MB: z.coerce.number().int().min(1).max(1024).default(DIGITAL_FILE_DEFAULT_MAX_MB),
  // Signed download links of digital products (docs/decisions/018). No secret = one kept in DATA_DIR.
  DOWNLOAD_LINK_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
  DOWNLOAD_LINK_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(DEFAULT_DOWNLOAD_LINK_TTL_SECONDS),
  // Encrypts two-factor secrets at rest and keys recovery-code hashes (docs/decisions/045): 64 hex
  // digits. No key = one generated once and kept in DATA_DIR/two-factor.key.
  TWO_FACTOR_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes), e.g. `openssl rand -hex 32`')
    .optional(),
  // Whether admins must turn on two-factor sign-in before using /api/admin/ (decision 045).
  // Unset = required, except on a laptop (a loopback HOST outside production).
  ADMIN_TWO_FACTOR: z.enum(['required', 'optional']).optional(),
  // The embedded database's fsync (decision 045). Unset = on for a server (production or a
  // non-loopback HOST), off on a laptop. Off on a server only with ALLOW_EMBEDDED_DB=true.
  PGLITE_FSYNC: z.enum(['true', 'false']).optional(),
  ALLOW_EMBEDDED_DB: z.enum(['true', 'false']).default('false'),
  // Web push's VAPID key pair (docs/decisions/027), base64url as web-push generate-vapid-keys
  // prints them; both or neither (neither = a pair generated once and kept in DATA_DIR).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters), as web-push prints it')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters), as web-push prints it')
    .optional(),
  // Who push services may contact about our pushes: mailto: or https:. Unset = PUBLIC_URL when
  // it is https, else the address of MAIL_FROM.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  OIDC_PROVIDERS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return [];
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
        return z.NEVER;
      }
    })
    .pipe(z.array(oidcProviderSchema)),
  // Serving fast and degrading gracefully (docs/decisions/011).
  COMPRESSION: z.enum(['true', 'false']).default('true'),
  COMPRESSION_THRESHOLD_BYTES: z.coerce.number().int().min(0).default(1024),
  PUBLIC_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  PUBLIC_CACHE_SWR_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  // The in-process cache of whole public replies (decision 011); 0 seconds turns it off.
  PUBLIC_REPLY_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  PUBLIC_REPLY_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(16),
  PUBLIC_REPLY_CACHE_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  RESPONSE_SERIALIZER: z.enum(['validating', 'compiled']).optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_WORKER: z.enum(['true', 'false']).default('true'),
  // scrypt's cost for new password hashes, as a power of two (modules/auth/password.ts).
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(32),
  // 0 turns a check off.
  SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(500),
  SHED_MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
  SHED_MAX_RSS_BYTES: z.coerce.number().int().min(0).default(0),
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  SHED_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(5).max(60_000).default(250),
  SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(256),
  DB_POOL_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(0).default(72_000),
  MAX_REQUESTS_PER_SOCKET: z.coerce.number().int().min(0).default(0),
  // Rolling restarts (docs/decisions/042).
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  // 0 = this process does not sweep the outbox (mails are still sent as they are written).
  MAIL_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  /** Redis (REDIS_URL) for rate limits and announcements shared by several API processes; optional. */
  redisUrl?: string;
  dataDir: string;
  /**
   * Where uploaded pictures and digital files are kept: local disk under DATA_DIR, or the
   * S3-compatible bucket STORAGE_URL names (every process then serves what any one stored).
   */
  storage: StorageSettings;
  /**
   * The sweep of stored objects no row mentions: every sweepMinutes (0 = never), only objects
   * older than graceMinutes (an upload whose row is not written yet is never taken).
   */
  storageSweep: { sweepMinutes: number; graceMinutes: number };
  /** How often the review prompts that fell due are mailed (minutes; 0 = never). */
  reviewPromptMinutes: number;
  publicUrl: string;
  adminUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** The Connect endpoint's signing secret: Stripe signs connected accounts' events with it (decision 031). */
  stripeConnectWebhookSecret?: string;
  /** Overrides the publishable key of the settings (stripe_test_pub / stripe_live_pub). */
  stripePublishableKey?: string;
  /** Where the Stripe SDK sends its requests: Stripe itself when unset, else this host (a stand-in in tests). */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Where the storefront loads Stripe.js from (a stand-in in browser tests). */
  stripeJsUrl: string;
  /** NODE_ENV=test only: the file whose milliseconds move the ledger's clock ahead (lib/clock.ts). */
  testClockFile?: string;
  /** An unpaid card checkout releases its stock this long after it was placed. */
  cardPaymentTimeoutMinutes: number;
  /** How often this process looks for overdue card checkouts; 0 = never. */
  cardPaymentSweepSeconds: number;
  geocoder: 'demo' | 'postcodes.io';
  postcodesIoUrl: string;
  logLevel: string;
  corsOrigins: string[];
  /** Origins the storefront's analytics tag needs, admitted by the CSP (script, connect, img); none by default. */
  analyticsOrigins: string[];
  /**
   * Which peers may tell us the client's address in X-Forwarded-For: false (none, the client
   * is whoever connects), a hop count, or addresses/CIDR ranges/"loopback" of the proxies.
   */
  trustProxy: false | number | string[];
  /** Seed the demo accounts (published passwords) into an empty database: SEED_DEMO, else only outside production on a loopback HOST. */
  seedDemo: boolean;
  /** Write password reset links to the log: only without SMTP_URL, on a loopback HOST, outside production (dev-mode.ts). */
  logResetLinks: boolean;
  serveApps: boolean;
  resetTokenTtlSeconds: number;
  authTokenTtlDays: number;
  /** scrypt's cost for new password hashes (N = 2^cost): 15 unless PASSWORD_HASH_COST says otherwise; never below 15 in production. */
  passwordHashCost: number;
  /** A session unused for longer than this is refused (as an expired one). */
  sessionIdleTimeoutMinutes: number;
  /** Largest digital product file a merchant may upload, in bytes (kept privately under digital/ of the object store). */
  digitalFileMaxBytes: number;
  /**
   * Signed links to digital products' files: the HMAC secret (unset = generated once and kept in
   * DATA_DIR/download-link.secret) and how long a link works, in seconds.
   */
  downloadLinks: { secret?: string; ttlSeconds: number };
  /**
   * Web push (docs/decisions/027): the VAPID key pair (unset = generated once and kept in
   * DATA_DIR/vapid-keys.json) and the subject push services may contact.
   */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** TWO_FACTOR_KEY (hex) when set; unset = a key generated once and kept in DATA_DIR/two-factor.key. */
  twoFactorKey?: string;
  /** Admins must have two-factor sign-in on to use /api/admin/ ('required'), or may work without it (a laptop's default). */
  adminTwoFactor: 'required' | 'optional';
  /**
   * PGlite (no DATABASE_URL) flushes every commit to the disk (fsync on): a server's default, so
   * its data survives a power cut; a laptop's is off (faster, survives a killed process only).
   */
  pgliteFsync: boolean;
  /** Social login providers; empty = social login disabled and hidden. */
  oidcProviders: OidcProvider[];
  /** Brotli/gzip for replies of at least thresholdBytes (pre-compressed assets are served regardless). */
  compression: { enabled: boolean; thresholdBytes: number };
  /** Cache-Control for public catalogue reads: max-age and stale-while-revalidate, in seconds. */
  publicCache: {
    maxAgeSeconds: number;
    staleWhileRevalidateSeconds: number;
    /** Whole public replies kept in memory for ttlSeconds (never past max-age); 0 = off. */
    replies: { ttlSeconds: number; maxEntries: number; maxBytes: number };
  };
  /**
   * How replies are written: `validating` checks each against its zod schema (tests,
   * development: proves the contract); `compiled` writes it with fast-json-stringify (production).
   */
  responseSerializer: 'validating' | 'compiled';
  /** Server-side limit on one SQL statement; 0 = none. */
  dbStatementTimeoutMs: number;
  /** How long a request waits for a free pooled connection before a 503; 0 = for ever. */
  dbPoolWaitMs: number;
  dbPoolSize: number;
  /** Run the embedded database on a worker thread, so a slow statement does not freeze the server. */
  pgliteWorker: boolean;
  /** PGlite's shared_buffers in MB (most of its resident memory). */
  pgliteSharedBuffersMb: number;
  /** Load shedding: answer 503 + Retry-After above these limits (0 = that check off). */
  shedding: {
    maxEventLoopDelayMs: number;
    maxHeapUsedBytes: number;
    maxRssBytes: number;
    retryAfterSeconds: number;
    sampleIntervalMs: number;
    /** Requests worked on at once; past it, 503 at once (0 = unbounded). */
    maxInFlight: number;
  };
  /** Node HTTP server limits: whole-request timeout, keep-alive idle timeout, requests per socket (0 = no limit). */
  http: { requestTimeoutMs: number; keepAliveTimeoutMs: number; maxRequestsPerSocket: number };
  /** Apply the migrations at start (under a PostgreSQL advisory lock); false when a release step runs `npm run db:migrate`. */
  migrateOnStart: boolean;
  /**
   * On SIGTERM/SIGINT: keep serving `delayMs` with readiness at 503 (the balancer takes the
   * process out), then stop accepting and finish within `graceMs` of the signal, or exit 1.
   */
  shutdown: { graceMs: number; delayMs: number };
  /** How often this process retries failed and left-behind mails of the outbox; 0 = never. */
  mailSweepSeconds: number;
}

export class ConfigError extends Error {}

/** STRIPE_API_URL as the SDK takes it: host, port and protocol apart. */
function stripeApiAddress(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * Push services accept only an https: or mailto: subject, and Apple's refuses a localhost one:
 * the site's own address when it is a public https one, else the sender address of our mails.
 */
function defaultVapidSubject(publicUrl: string, mailFrom: string): string {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' && !isLoopbackHost(url.hostname)) return url.origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO=) means "not set", as in most tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.GEOCODER) {
    // The bundled gazetteer knows only East London: a live shop on it would refuse (or allow)
    // deliveries by a guess. Production says which it wants.
    throw new ConfigError(
      'Invalid configuration:\n  GEOCODER: set GEOCODER=postcodes.io for a live shop, or GEOCODER=demo to use the bundled East London gazetteer on purpose',
    );
  }
  if (e.NODE_ENV === 'production' && e.PASSWORD_HASH_COST < 15) {
    // A cheaper hash is for test runs (thousands of sign-ups); a live shop's passwords keep the floor.
    throw new ConfigError(
      'Invalid configuration:\n  PASSWORD_HASH_COST: at least 15 in production (a lower cost is for test runs only)',
    );
  }
  if (e.TEST_CLOCK_FILE && e.NODE_ENV !== 'test') {
    // A clock anyone with the file could move would move money: browser tests only.
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK_FILE: only under NODE_ENV=test (browser tests)');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    // One half of a pair is a mistake: a generated pair would silently replace the half given.
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (npx web-push generate-vapid-keys) or neither',
    );
  }
  if (e.SHUTDOWN_DELAY_MS >= e.SHUTDOWN_GRACE_MS) {
    // The delay is spent inside the grace period: at least as long would leave no time to finish.
    throw new ConfigError(
      'Invalid configuration:\n  SHUTDOWN_DELAY_MS: must be shorter than SHUTDOWN_GRACE_MS (the delay is part of the grace period)',
    );
  }
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: set both or neither');
  }
  const storage = parseStorageUrl(
    e.STORAGE_URL,
    e.AWS_REGION ?? e.AWS_DEFAULT_REGION,
    e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
      ? {
          accessKeyId: e.AWS_ACCESS_KEY_ID,
          secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
          sessionToken: e.AWS_SESSION_TOKEN,
        }
      : undefined,
  );
  if (!storage.ok) throw new ConfigError(`Invalid configuration:\n  STORAGE_URL: ${storage.message}`);
  const laptop = e.NODE_ENV !== 'production' && isLoopbackHost(e.HOST);
  if (e.NODE_ENV === 'production' && e.ADMIN_TWO_FACTOR === 'optional') {
    // The people who can move everyone's money keep a second factor on a live shop.
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_TWO_FACTOR: admins must use two-factor sign-in in production (optional is for a laptop)',
    );
  }
  const pgliteFsync = e.PGLITE_FSYNC ? e.PGLITE_FSYNC === 'true' : !laptop;
  if (!e.DATABASE_URL && !laptop && !pgliteFsync && e.ALLOW_EMBEDDED_DB !== 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  PGLITE_FSYNC: with fsync off, the embedded database (PGlite) loses or corrupts recent orders and payments on a power cut or an operating-system crash. On a server use PostgreSQL (DATABASE_URL), leave PGLITE_FSYNC unset (on), or set ALLOW_EMBEDDED_DB=true to take that risk knowingly',
    );
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: path.resolve(e.DATA_DIR),
    storage: storage.settings,
    // Tests run the sweep themselves rather than racing a timer.
    storageSweep: {
      sweepMinutes: e.STORAGE_SWEEP_MINUTES ?? (e.NODE_ENV === 'test' ? 0 : 60),
      graceMinutes: e.STORAGE_SWEEP_GRACE_MINUTES,
    },
    // Tests send the prompts themselves rather than racing a timer.
    reviewPromptMinutes: e.REVIEW_PROMPT_MINUTES ?? (e.NODE_ENV === 'test' ? 0 : 10),
    publicUrl,
    adminUrl: e.ADMIN_URL ?? `${publicUrl}/admin/`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeApi: e.STRIPE_API_URL ? stripeApiAddress(e.STRIPE_API_URL) : undefined,
    stripeJsUrl: e.STRIPE_JS_URL,
    testClockFile: e.NODE_ENV === 'test' ? e.TEST_CLOCK_FILE : undefined,
    cardPaymentTimeoutMinutes: e.CARD_PAYMENT_TIMEOUT_MINUTES,
    // Tests run the job themselves (or ask for it) rather than racing a timer.
    cardPaymentSweepSeconds: e.CARD_PAYMENT_SWEEP_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60),
    geocoder: e.GEOCODER ?? 'demo',
    postcodesIoUrl: e.POSTCODES_IO_URL,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    analyticsOrigins: e.ANALYTICS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    // The demo accounts' passwords are public (README): never seed them into production, nor on
    // a HOST others can reach, unasked.
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production' && isLoopbackHost(e.HOST),
    logResetLinks: !e.SMTP_URL && e.NODE_ENV !== 'production' && isLoopbackHost(e.HOST),
    serveApps: e.SERVE_APPS === 'true',
    resetTokenTtlSeconds: e.RESET_TOKEN_TTL_SECONDS,
    authTokenTtlDays: e.AUTH_TOKEN_TTL_DAYS,
    passwordHashCost: e.PASSWORD_HASH_COST,
    sessionIdleTimeoutMinutes: e.SESSION_IDLE_TIMEOUT_MINUTES,
    digitalFileMaxBytes: e.DIGITAL_FILE_MAX_MB * 1024 * 1024,
    downloadLinks: { secret: e.DOWNLOAD_LINK_SECRET, ttlSeconds: e.DOWNLOAD_LINK_TTL_SECONDS },
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, e.MAIL_FROM),
    },
    twoFactorKey: e.TWO_FACTOR_KEY?.toLowerCase(),
    adminTwoFactor: e.ADMIN_TWO_FACTOR ?? (laptop ? 'optional' : 'required'),
    pgliteFsync,
    oidcProviders: e.OIDC_PROVIDERS.map((p) => ({
      id: p.id,
      name: p.name,
      issuer: p.issuer,
      clientId: p.client_id,
      jwksUri: p.jwks_uri,
      authorizationEndpoint: p.authorization_endpoint,
    })),
    compression: { enabled: e.COMPRESSION === 'true', thresholdBytes: e.COMPRESSION_THRESHOLD_BYTES },
    publicCache: {
      maxAgeSeconds: e.PUBLIC_CACHE_MAX_AGE_SECONDS,
      staleWhileRevalidateSeconds: e.PUBLIC_CACHE_SWR_SECONDS,
      replies: {
        ttlSeconds: e.PUBLIC_REPLY_CACHE_SECONDS,
        maxEntries: e.PUBLIC_REPLY_CACHE_ENTRIES,
        maxBytes: e.PUBLIC_REPLY_CACHE_MB * 1024 * 1024,
      },
    },
    responseSerializer: e.RESPONSE_SERIALIZER ?? (e.NODE_ENV === 'production' ? 'compiled' : 'validating'),
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbPoolWaitMs: e.DB_POOL_WAIT_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    pgliteWorker: e.PGLITE_WORKER === 'true',
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    shedding: {
      maxEventLoopDelayMs: e.SHED_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: e.SHED_MAX_HEAP_USED_BYTES,
      maxRssBytes: e.SHED_MAX_RSS_BYTES,
      retryAfterSeconds: e.SHED_RETRY_AFTER_SECONDS,
      sampleIntervalMs: e.SHED_SAMPLE_INTERVAL_MS,
      maxInFlight: e.SHED_MAX_IN_FLIGHT,
    },
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxRequestsPerSocket: e.MAX_REQUESTS_PER_SOCKET,
    },
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    shutdown: { graceMs: e.SHUTDOWN_GRACE_MS, delayMs: e.SHUTDOWN_DELAY_MS },
    mailSweepSeconds: e.MAIL_SWEEP_SECONDS,
  };
}
