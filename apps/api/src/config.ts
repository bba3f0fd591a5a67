import path from 'node:path';
import { z } from 'zod';

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

/** Configuration comes only from the environment and is checked once, at boot. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Parade <no-reply@parade.local>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // No default here: production must choose (see loadConfig); elsewhere the demo gazetteer.
  GEOCODER: z.enum(['demo', 'postcodes.io']).optional(),
  POSTCODES_IO_URL: z.string().url().default('https://api.postcodes.io'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().optional(),
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
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  publicUrl: string;
  adminUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  geocoder: 'demo' | 'postcodes.io';
  postcodesIoUrl: string;
  logLevel: string;
  corsOrigins: string[];
  /**
   * Which peers may tell us the client's address in X-Forwarded-For: false (none, the client
   * is whoever connects), a hop count, or addresses/CIDR ranges/"loopback" of the proxies.
   */
  trustProxy: false | number | string[];
  seedDemo: boolean;
  serveApps: boolean;
  resetTokenTtlSeconds: number;
  authTokenTtlDays: number;
  /** Social login providers; empty = social login disabled and hidden. */
  oidcProviders: OidcProvider[];
}

export class ConfigError extends Error {}

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
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl,
    adminUrl: e.ADMIN_URL ?? `${publicUrl}/admin/`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    geocoder: e.GEOCODER ?? 'demo',
    postcodesIoUrl: e.POSTCODES_IO_URL,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((s) => s.trim()) : [],
    trustProxy: e.TRUST_PROXY,
    // The demo accounts' passwords are public (README): never seed them into production unasked.
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    serveApps: e.SERVE_APPS === 'true',
    resetTokenTtlSeconds: e.RESET_TOKEN_TTL_SECONDS,
    authTokenTtlDays: e.AUTH_TOKEN_TTL_DAYS,
    oidcProviders: e.OIDC_PROVIDERS.map((p) => ({
      id: p.id,
      name: p.name,
      issuer: p.issuer,
      clientId: p.client_id,
      jwksUri: p.jwks_uri,
      authorizationEndpoint: p.authorization_endpoint,
    })),
  };
}
