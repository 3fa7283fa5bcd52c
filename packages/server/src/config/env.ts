import { z } from 'zod';

/** Configuration from the environment (architecture.md, Configuration). Parsed once, validated. */
const flag = z
  .string()
  .optional()
  .transform((value) => value === '1' || value === 'true');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  WEB_ROOT: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAILS: z.string().default(''),
  REGISTRATION: z.enum(['open', 'invite-only']).default('open'),
  TEST_CLOCK: flag,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Giro <no-reply@giro.local>'),
  SESSION_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.string().default('info'),
  /** Captcha proof of work: SHA-256 keys to try; a mid-range phone solves the default in about a second. */
  CAPTCHA_ATTEMPTS: z.coerce.number().int().min(1).default(50_000),
  /** Multiplies every rate limit: the browser suite registers more people from 127.0.0.1 than a person would. */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1000).default(1),
  /**
   * Under an https PUBLIC_URL, the proxies whose X-Forwarded-For is believed (addresses, CIDR
   * ranges, or proxy-addr's names). The client's address, which every rate limit counts by, is
   * the first one written by a proxy not on this list. Trusting every hop let a client choose
   * its own behind a proxy that appends to the header, and so dodge every limit. The default
   * fits deploy/: Caddy on the compose network (a private range). A count of hops is no
   * alternative: Fastify 5 trusts nothing for one, as it cannot tell a proxy from a client.
   */
  TRUSTED_PROXIES: z.string().default('loopback, linklocal, uniquelocal'),
  PAYMENTS: z.enum(['sandbox', 'live']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Public by design: the browser's card elements use it; only a publishable key is accepted. */
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a publishable key (pk_…)').optional(),
  /** Only for tests: the local fake of the card provider's API. */
  STRIPE_API_BASE: z.url().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  /**
   * Which PayPal the credentials are for: its sandbox (the default, test money) or production
   * (real money). Stripe tells test from live by its key; PayPal's keys do not say.
   */
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  PAYPAL_API_BASE: z.url().optional(),
  /** Bearer token for GET /metrics; without it the endpoint does not exist (404). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Retention of the API request log: at most this many rows, none older than this many days. */
  API_LOG_MAX_ROWS: z.coerce.number().int().min(1000).default(100_000),
  API_LOG_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(7),
  /** Web Push keys (base64url); without them a pair is generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{87}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{43}$/, 'must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /** Origins that may receive pushes besides the browsers' push services (tests: a local receiver). */
  PUSH_EXTRA_ORIGINS: z.string().default(''),
  /** On SIGTERM, how long /readyz answers 503 before the instance stops accepting (a balancer's check interval). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  PASSWORD_RESET_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Passkeys' relying party: PUBLIC_URL's host name unless a proxy needs another. */
  WEBAUTHN_RP_ID: z.string().optional(),
  /** Comma-separated origins a passkey may be used from; PUBLIC_URL's origin by default. */
  WEBAUTHN_ORIGINS: z.string().default(''),
});

export type Config = {
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** The built web app to serve; packages/web/dist unless WEB_ROOT says otherwise. */
  webRoot: string | undefined;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmails: string[];
  registration: 'open' | 'invite-only';
  testClock: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string | undefined;
  logLevel: string;
  captchaAttempts: number;
  payments: PaymentsConfig;
  metricsToken: string | undefined;
  apiLog: { maxRows: number; maxAgeDays: number };
  /** Multiplies every rate limit; tests raise it so that many sign-ups from 127.0.0.1 pass. */
  rateLimitScale: number;
  /** The proxies trusted for the client's address under an https PUBLIC_URL (env.ts says how). */
  trustedProxies: string;
  push: PushConfig;
  /** Passkeys (issue 18): the relying party id and the origins a browser may answer from. */
  webauthn: { rpId: string; origins: string[] };
  /** SIGTERM: unready this long before closing (issue 19). */
  shutdownDelayMs: number;
  /** A reset asked for is looked into at a random moment within this many ms (ADR 0056). */
  passwordResetDelayMs: number;
};

/** Web Push (issue 14): the VAPID keys if given, the subject, the extra origins allowed. */
export type PushConfig = {
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  extraOrigins: string[];
};

/** Which payment provider; `live` needs the card provider's keys (architecture.md, Payments). */
export type PaymentsConfig =
  | { mode: 'sandbox' }
  | {
      mode: 'live';
      stripe: {
        secretKey: string;
        webhookSecret: string;
        /** The card elements' key, sent to the browser; without it cards cannot be entered. */
        publishableKey: string | undefined;
        apiBase: string | undefined;
      };
      paypal: {
        clientId: string;
        clientSecret: string;
        environment: 'sandbox' | 'production';
        apiBase: string | undefined;
      } | null;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && e.TEST_CLOCK) throw new ConfigError('TEST_CLOCK is refused when NODE_ENV=production');
  return {
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    webRoot: e.WEB_ROOT || undefined,
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    registration: e.REGISTRATION,
    testClock: e.TEST_CLOCK,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    captchaAttempts: e.CAPTCHA_ATTEMPTS,
    payments: paymentsConfig(e),
    metricsToken: e.METRICS_TOKEN || undefined,
    apiLog: { maxRows: e.API_LOG_MAX_ROWS, maxAgeDays: e.API_LOG_MAX_AGE_DAYS },
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustedProxies: e.TRUSTED_PROXIES,
    push: pushConfig(e),
    webauthn: webauthnConfig(e),
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    passwordResetDelayMs: e.PASSWORD_RESET_DELAY_MS,
  };
}

/** A comma-separated list of URLs as their origins; one that is not a URL names its variable. */
function originList(value: string, name: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      try {
        return new URL(item).origin;
      } catch {
        throw new ConfigError(`${name}: ${item} is not a URL`);
      }
    });
}

function webauthnConfig(e: z.infer<typeof envSchema>): Config['webauthn'] {
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`);
  const origins = originList(e.WEBAUTHN_ORIGINS, 'WEBAUTHN_ORIGINS');
  return {
    rpId: e.WEBAUTHN_RP_ID || publicUrl.hostname,
    origins: origins.length ? origins : [publicUrl.origin],
  };
}

function pushConfig(e: z.infer<typeof envSchema>): PushConfig {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  const sender = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  const extraOrigins = originList(e.PUSH_EXTRA_ORIGINS, 'PUSH_EXTRA_ORIGINS');
  return {
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    subject: e.VAPID_SUBJECT ?? `mailto:${sender}`,
    extraOrigins,
  };
}

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  if (e.PAYMENTS === 'sandbox') return { mode: 'sandbox' };
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError('PAYMENTS=live needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  return {
    mode: 'live',
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      apiBase: e.STRIPE_API_BASE,
    },
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            environment: e.PAYPAL_ENVIRONMENT,
            apiBase: e.PAYPAL_API_BASE,
          }
        : null,
  };
}
