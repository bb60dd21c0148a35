import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseCidrs } from './http/outbound-guard';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const oidcProviderSchema = z.object({
  /** Short name, used in URLs: `/auth/federated/{name}/start`. */
  name: z.string().regex(/^[a-z0-9-]{1,40}$/),
  /** Firebase provider id: `oidc.<name>` or `google.com`. Defaults to `oidc.<name>`. */
  provider_id: z
    .string()
    .regex(/^(oidc\.[a-z0-9-]{1,40}|google\.com)$/)
    .optional(),
  display_name: z.string().min(1).max(60).optional(),
  issuer: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1).optional(),
  scopes: z.string().default('openid email profile'),
});
export type OidcProviderConfig = z.infer<typeof oidcProviderSchema> & {
  provider_id: string;
  display_name: string;
};

const jsonArray = <T extends z.ZodType>(item: T) =>
  z.string().transform((raw, ctx) => {
    try {
      const parsed = z.array(item).safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: z.prettifyError(parsed.error) });
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
    }
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line per request (the default on a terminal); `json` otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Where browsers reach this process; defaults to http://HOST:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Per-API public bases, for deployments that put each API on its own host. */
  MAIN_API_URL: z.url().optional(),
  TERMINAL_API_URL: z.url().optional(),
  MOBILE_API_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * PostgreSQL itself, when DATABASE_URL points at a pooler in transaction mode (PgBouncer):
   * migrations, LISTEN and the few session-scoped connections use it. Unset: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Streaming standbys for reads that may lag: one postgres:// URL or several, comma-separated. */
  DATABASE_REPLICA_URL: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, 'must be postgres:// URLs, separated by commas')))
    .optional(),
  /** A replica further behind the primary than this is skipped; also a write's read-your-writes window. */
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().positive().max(3600).default(5),
  /** Request logs are kept this many days, dropped a whole month partition at a time. */
  RETENTION_REQUEST_LOGS_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Events (as Stripe keeps them) and webhook deliveries with their attempts, likewise. At least
   * 2 days: the retry schedule spans 27.6 hours, and the newest delivery of a dropped month is
   * as old as the setting, so none is dropped while its first schedule runs.
   */
  RETENTION_EVENTS_DAYS: z.coerce.number().int().min(2).max(3650).default(30),
  RETENTION_DELIVERIES_DAYS: z.coerce.number().int().min(2).max(3650).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Scanline <no-reply@scanline.local>'),
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  /** The operator's own pages, linked from sign-up; sign-up mentions none unset. */
  TERMS_URL: z.url().optional(),
  PRIVACY_URL: z.url().optional(),
  AUTH_PROVIDER: z.enum(['builtin', 'google']).default('builtin'),
  GOOGLE_PROJECT_ID: z.string().min(1).optional(),
  GOOGLE_API_KEY: z.string().min(1).optional(),
  /** Google's ID-token keys; overridable only so tests can serve their own. */
  GOOGLE_JWKS_URL: z
    .url()
    .default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  /** The API key the console's firebase SDK sends; requests with any other key are refused. */
  IDENTITY_API_KEY: z.string().min(8).default('scanline-local-api-key'),
  IDENTITY_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{3,40}$/)
    .default('scanline'),
  /** JSON array of OpenID Connect providers for federated sign-in. */
  OIDC_PROVIDERS: jsonArray(oidcProviderSchema).optional(),
  /** Comma-separated extra origins allowed by CORS (the public URL is always allowed). */
  CORS_ORIGINS: z.string().optional(),
  /** Comma-separated host names the identity service accepts as continue URLs. */
  AUTHORIZED_DOMAINS: z.string().optional(),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(4096).default(6),
  PASSWORD_MAX_LENGTH: z.coerce.number().int().min(6).max(4096).default(4096),
  PASSWORD_REQUIRE_LOWERCASE: bool.default(false),
  PASSWORD_REQUIRE_UPPERCASE: bool.default(false),
  PASSWORD_REQUIRE_NUMERIC: bool.default(false),
  PASSWORD_REQUIRE_NON_ALPHANUMERIC: bool.default(false),
  PASSWORD_POLICY_ENFORCEMENT: z.enum(['ENFORCE', 'OFF']).default('ENFORCE'),
  /** 32-byte key (base64) that encrypts secrets at rest; generated into DATA_DIR when unset. */
  SECRETS_KEY: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  /** Where the Stripe SDK sends requests; only for tests and Stripe-compatible proxies. */
  STRIPE_API_BASE: z.url().optional(),
  /**
   * The file Stripe gives for Apple Pay on the web, served at
   * /.well-known/apple-developer-merchantid-domain-association (docs/guide/wallets.md).
   */
  APPLE_PAY_DOMAIN_ASSOCIATION_FILE: z.string().optional(),
  /** Scales every abuse limit (sign-in, sign-up, mail); tests and load tests raise it. 0 turns them off. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().min(0).max(100_000).default(1),
  /** Session-sync endpoint (seed §7) on/off. */
  SESSION_SYNC: bool.default(true),
  /** The simulator's fee: this percent of the amount, rounded half up, plus SIMULATOR_FEE_FIXED. */
  SIMULATOR_FEE_PERCENT: z.coerce.number().min(0).max(100).default(1.4),
  /** The simulator's fixed fee per payment, in minor units. */
  SIMULATOR_FEE_FIXED: z.coerce.number().int().min(0).max(100_000).default(25),
  /** A paired terminal with no heartbeat for this long is marked offline. */
  TERMINAL_OFFLINE_AFTER_SECONDS: z.coerce.number().int().min(10).max(86_400).default(120),
  /**
   * A terminal whose device stream dropped is offline if no stream or heartbeat follows within this
   * (the sweeper runs every 5 s, so offline is seen at most ~20 s after the drop).
   */
  TERMINAL_STREAM_GRACE_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  /** Who may scrape /metrics besides loopback (CIDR list), or with this bearer token. */
  METRICS_ALLOWED_CIDRS: z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      try {
        parseCidrs(list(raw));
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  METRICS_TOKEN: z.string().min(16).max(256).optional(),
  /** Seconds a verified ID token or API key is kept per process (revocations clear it at once); 0 = off. */
  AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /**
   * On SIGTERM/SIGINT, requests in flight get this long to finish; idle and half-sent
   * connections are closed at once, so with nothing in flight the process exits in under 1 s.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /**
   * Behind a load balancer, on SIGTERM `/readyz` answers 503 for this long before the
   * listener closes (requests are still served meanwhile), so the balancer's health check takes
   * the replica out first and nothing is refused. Counted in SHUTDOWN_GRACE_SECONDS. 0: close at once.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
  /** A request's headers must arrive within this, or the socket is closed (slowloris). */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
  /** A whole request (headers and body) must arrive within this, or the socket is closed. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** How long a dispatcher holds a claimed delivery; keep it above the 15 s send timeout. */
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Comma-separated CIDR ranges webhooks may reach although private/loopback (and over plain http). */
  WEBHOOK_ALLOWED_CIDRS: z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      try {
        parseCidrs(list(raw));
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface Config {
  env: Env['NODE_ENV'];
  logLevel: Env['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  port: number;
  host: string;
  publicUrl: string;
  apiUrls: { main: string; terminal: string; mobile: string };
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_DIRECT_URL: PostgreSQL without the pooler, for session-scoped work. */
  databaseDirectUrl: string | undefined;
  /** Days kept of each partitioned log-like table. */
  retention: { requestLogsDays: number; eventsDays: number; deliveriesDays: number };
  /** DATABASE_REPLICA_URL and REPLICA_MAX_LAG_SECONDS. */
  replicas: { urls: string[]; maxLagSeconds: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  sentry: { dsn: string | undefined; environment: string };
  legal: { termsUrl: string | undefined; privacyUrl: string | undefined };
  auth: {
    provider: 'builtin' | 'google';
    apiKey: string;
    projectId: string;
    /** ID-token issuer the product APIs accept. */
    issuer: string;
    oidcProviders: OidcProviderConfig[];
    authorizedDomains: string[];
    sessionSync: boolean;
    googleJwksUrl: string;
  };
  passwordPolicy: {
    minLength: number;
    maxLength: number;
    requireLowercase: boolean;
    requireUppercase: boolean;
    requireNumeric: boolean;
    requireNonAlphanumeric: boolean;
    enforcement: 'ENFORCE' | 'OFF';
  };
  corsOrigins: string[];
  secretsKey: string | undefined;
  trustProxy: boolean;
  rateLimitMultiplier: number;
  stripeApiBase: string | undefined;
  /** The Apple Pay domain association file's content, read at boot; undefined when not configured. */
  applePayDomainAssociation: string | undefined;
  terminalOfflineAfterSeconds: number;
  simulatorFee: { percent: number; fixed: number };
  terminalStreamGraceSeconds: number;
  authCacheSeconds: number;
  http: {
    shutdownGraceSeconds: number;
    shutdownDelaySeconds: number;
    headersTimeoutSeconds: number;
    requestTimeoutSeconds: number;
  };
  webhooks: { allowedCidrs: string[]; leaseSeconds: number };
  metrics: { allowedCidrs: string[]; token: string | undefined };
}

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The Apple Pay association file, read once at boot so a wrong path stops the process. */
function readAssociation(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    const text = readFileSync(file, 'utf8');
    if (text.trim() === '') throw new Error('the file is empty');
    return text;
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  APPLE_PAY_DOMAIN_ASSOCIATION_FILE: cannot read ${file} (${(error as Error).message})`,
    );
  }
}

/** Parses the environment once at boot; a bad value stops the process naming the variable. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  terminal: { stdoutIsTty?: boolean } = { stdoutIsTty: process.stdout.isTTY },
): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.AUTH_PROVIDER === 'google' && !e.GOOGLE_PROJECT_ID) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_PROJECT_ID: required when AUTH_PROVIDER=google');
  }
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  HEADERS_TIMEOUT_SECONDS: must be at most REQUEST_TIMEOUT_SECONDS',
    );
  }
  if (e.RETENTION_DELIVERIES_DAYS > e.RETENTION_EVENTS_DAYS) {
    // A delivery is sent, retried and resent from its event (same month, see db/schema/webhooks.ts).
    throw new ConfigError(
      'Invalid configuration:\n  RETENTION_DELIVERIES_DAYS: must be at most RETENTION_EVENTS_DAYS (a delivery is sent from its event)',
    );
  }
  if (e.PASSWORD_MAX_LENGTH < e.PASSWORD_MIN_LENGTH) {
    throw new ConfigError(
      'Invalid configuration:\n  PASSWORD_MAX_LENGTH: must be at least PASSWORD_MIN_LENGTH',
    );
  }
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`
  ).replace(/\/+$/, '');
  const publicHost = new URL(publicUrl).hostname;
  const google = e.AUTH_PROVIDER === 'google';
  const projectId = google ? e.GOOGLE_PROJECT_ID! : e.IDENTITY_PROJECT_ID;
  return {
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal.stdoutIsTty ? 'pretty' : 'json'),
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    apiUrls: {
      main: e.MAIN_API_URL ?? `${publicUrl}/api/v1`,
      terminal: e.TERMINAL_API_URL ?? `${publicUrl}/terminal/v1`,
      mobile: e.MOBILE_API_URL ?? `${publicUrl}/mobile/v1`,
    },
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_URL ? e.DATABASE_DIRECT_URL : undefined,
    retention: {
      requestLogsDays: e.RETENTION_REQUEST_LOGS_DAYS,
      eventsDays: e.RETENTION_EVENTS_DAYS,
      deliveriesDays: e.RETENTION_DELIVERIES_DAYS,
    },
    // Replicas of the embedded database do not exist: PGlite is one process.
    replicas: {
      urls: e.DATABASE_URL ? (e.DATABASE_REPLICA_URL ?? []) : [],
      maxLagSeconds: e.REPLICA_MAX_LAG_SECONDS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sentry: { dsn: e.SENTRY_DSN, environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV },
    legal: { termsUrl: e.TERMS_URL, privacyUrl: e.PRIVACY_URL },
    auth: {
      provider: e.AUTH_PROVIDER,
      apiKey: google ? (e.GOOGLE_API_KEY ?? e.IDENTITY_API_KEY) : e.IDENTITY_API_KEY,
      projectId,
      issuer: google ? `https://securetoken.google.com/${projectId}` : publicUrl,
      oidcProviders: (e.OIDC_PROVIDERS ?? []).map((p) => ({
        ...p,
        provider_id: p.provider_id ?? `oidc.${p.name}`,
        display_name: p.display_name ?? p.name,
      })),
      authorizedDomains: [...new Set([publicHost, 'localhost', ...list(e.AUTHORIZED_DOMAINS)])],
      sessionSync: e.SESSION_SYNC,
      googleJwksUrl: e.GOOGLE_JWKS_URL,
    },
    passwordPolicy: {
      minLength: e.PASSWORD_MIN_LENGTH,
      maxLength: e.PASSWORD_MAX_LENGTH,
      requireLowercase: e.PASSWORD_REQUIRE_LOWERCASE,
      requireUppercase: e.PASSWORD_REQUIRE_UPPERCASE,
      requireNumeric: e.PASSWORD_REQUIRE_NUMERIC,
      requireNonAlphanumeric: e.PASSWORD_REQUIRE_NON_ALPHANUMERIC,
      enforcement: e.PASSWORD_POLICY_ENFORCEMENT,
    },
    corsOrigins: [...new Set([new URL(publicUrl).origin, ...list(e.CORS_ORIGINS)])],
    secretsKey: e.SECRETS_KEY,
    trustProxy: e.TRUST_PROXY,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    stripeApiBase: e.STRIPE_API_BASE,
    applePayDomainAssociation: readAssociation(e.APPLE_PAY_DOMAIN_ASSOCIATION_FILE),
    terminalOfflineAfterSeconds: e.TERMINAL_OFFLINE_AFTER_SECONDS,
    simulatorFee: { percent: e.SIMULATOR_FEE_PERCENT, fixed: e.SIMULATOR_FEE_FIXED },
    terminalStreamGraceSeconds: e.TERMINAL_STREAM_GRACE_SECONDS,
    authCacheSeconds: e.AUTH_CACHE_SECONDS,
    http: {
      shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
      shutdownDelaySeconds: Math.min(e.SHUTDOWN_DELAY_SECONDS, e.SHUTDOWN_GRACE_SECONDS),
      headersTimeoutSeconds: e.HEADERS_TIMEOUT_SECONDS,
      requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    },
    webhooks: { allowedCidrs: list(e.WEBHOOK_ALLOWED_CIDRS), leaseSeconds: e.WEBHOOK_LEASE_SECONDS },
    metrics: { allowedCidrs: list(e.METRICS_ALLOWED_CIDRS), token: e.METRICS_TOKEN },
  };
}
