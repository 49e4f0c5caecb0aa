// The environment, parsed once (DESIGN §3). A wrong or missing value stops the start with its name.

import { existsSync } from 'node:fs';
import { isIP, isIPv4, isIPv6 } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import type { DatabaseTimeouts } from '@portal/db';
import { isValidAbaRoutingNumber } from '@portal/contracts';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const seconds = z.coerce
  .number({ error: 'must be a number of seconds' })
  .int('must be a whole number of seconds')
  .min(1, 'must be at least 1 second')
  .max(3600, 'must be at most 3600 seconds');

const KEY_HINT = 'must be 32 bytes in base64 (openssl rand -base64 32)';
const isBase64Key = (value: string) =>
  /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32;
const base64Key = z.string().refine(isBase64Key, KEY_HINT);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });
const splitList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * An address to listen on: an IPv4 or IPv6 address (without brackets) or a host name. A dotted name whose
 * last label is a number is an IPv4 address or nothing (999.1.1.1 is refused).
 */
function isListenAddress(value: string): boolean {
  if (isIP(value)) return true;
  const labels = value.replace(/\.$/, '').split('.');
  return (
    value.length <= 253 &&
    labels.every((label) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label)) &&
    !/^\d+$/.test(labels.at(-1) ?? '')
  );
}

/** A browser origin: scheme, host and an optional port, nothing after (an Origin header never has a path). */
function isOrigin(value: string): boolean {
  if (!/^https?:\/\/[^/?#]+$/.test(value)) return false;
  try {
    return new URL(value).origin === value.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The address the server answers at when no PUBLIC_URL says otherwise: an any-address (0.0.0.0, ::)
 * is reached as localhost, an IPv6 address in brackets.
 */
export function localBaseUrl(config: { host: string; port: number }): string {
  const { host, port } = config;
  if (host === '0.0.0.0' || (isIPv6(host) && /^[0:]+$/.test(host))) return `http://localhost:${port}`;
  if (isIPv6(host)) {
    // A zone (fe80::1%eth0) has no form a URL accepts; such a listener is reached through localhost links.
    return host.includes('%') ? `http://localhost:${port}` : `http://[${host}]:${port}`;
  }
  return `http://${isIPv4(host) ? host : host.toLowerCase()}:${port}`;
}

const ACH_VARIABLES = [
  'ACH_IMMEDIATE_DESTINATION',
  'ACH_IMMEDIATE_ORIGIN',
  'ACH_COMPANY_NAME',
  'ACH_COMPANY_ID',
  'ACH_ODFI_ROUTING',
] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z
      .string()
      .refine(isListenAddress, 'must be an IP address (such as 0.0.0.0, :: or 127.0.0.1) or a host name')
      .default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
    DATA_DIR: z.string().min(1).optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DATA_ENCRYPTION_KEY: base64Key.optional(),
    /** Earlier keys, comma-separated, still able to decrypt during a rotation. */
    DATA_ENCRYPTION_OLD_KEYS: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        for (const [index, key] of splitList(value).entries()) {
          if (!isBase64Key(key)) ctx.addIssue({ code: 'custom', message: `entry ${index + 1} ${KEY_HINT}` });
        }
      }),
    ADMIN_EMAIL: z.email('must be an email address').optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    DEMO_DATA: flag.optional(),
    SCHEDULING_URL: z.url('must be an http(s) address').default('https://schedule.example.com/consultation'),
    /** Cal.com webhook secret: POST /api/integrations/calcom answers 404 without it. */
    CALCOM_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
    /** Calendly webhook signing key: POST /api/integrations/calendly answers 404 without it. */
    CALENDLY_WEBHOOK_SIGNING_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
    /** Stripe webhook signing secret (whsec_…): POST /api/integrations/stripe/webhook answers 404 without it. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S{8,}$/, "must be the endpoint's signing secret (whsec_…)")
      .optional(),
    PUBLIC_URL: z.url('must be an http(s) address').optional(),
    CORS_ORIGINS: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        for (const entry of splitList(value)) {
          if (!isOrigin(entry))
            ctx.addIssue({
              code: 'custom',
              message: `${JSON.stringify(entry)} is not an origin: give scheme, host and port only (https://app.example.com, no path or trailing slash)`,
            });
        }
      }),
    TRUST_PROXY: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || value.trim().toLowerCase() !== 'true',
        // Trusting every hop lets any client choose its address (and so its throttle budget) through X-Forwarded-For.
        'true is refused: it lets a client choose its address through X-Forwarded-For; give the number of proxy hops (e.g. 1) or the proxy addresses/CIDRs (e.g. 10.0.0.0/8)',
      ),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// address')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ACCRUAL_TIMER: flag.default(true),
    API_KEY_RATE_LIMIT: z.coerce
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000)
      .default(600),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: flag.default(false),
    /** Seconds a whole request (headers and body, uploads included) may take to arrive. */
    REQUEST_TIMEOUT_SECONDS: seconds.default(300),
    /** Seconds a request body other than an upload (JSON, forms) may take to arrive. */
    BODY_TIMEOUT_SECONDS: seconds.default(30),
    /** Seconds a connection may stay silent in both directions while a request is open. */
    CONNECTION_TIMEOUT_SECONDS: seconds.default(120),
    /** PostgreSQL: a statement running longer is cancelled (the request answers 503). */
    DATABASE_STATEMENT_TIMEOUT_SECONDS: seconds.default(60),
    /** PostgreSQL: a wait for a row or table lock longer than this is given up (503). */
    DATABASE_LOCK_TIMEOUT_SECONDS: seconds.default(10),
    /** PostgreSQL: a session idle inside a transaction longer than this is ended, its locks released. */
    DATABASE_IDLE_TRANSACTION_TIMEOUT_SECONDS: seconds.default(60),
    /** PostgreSQL: how long a query waits for the database's answer at all; more than the statement bound. */
    DATABASE_QUERY_TIMEOUT_SECONDS: seconds.default(65),
    /** PostgreSQL: how long opening a connection, or waiting for one from a full pool, may take. */
    DATABASE_CONNECT_TIMEOUT_SECONDS: seconds.default(5),
    /** PostgreSQL: how long a starting server keeps trying to reach the database before it exits. */
    DATABASE_START_WAIT_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(0, 'must be 0 or more seconds')
      .max(3600, 'must be at most 3600 seconds')
      .default(60),
    WEB_DIST: z.string().optional(),
    // Mail: the outbox worker delivers over SMTP_URL; links in mail need PUBLIC_URL.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// address')
      .optional(),
    MAIL_FROM: z.string().min(3, 'must be a sender address').default('Ledgerline <no-reply@ledgerline.local>'),
    /** Days a sent mail's body is kept in the outbox (the Email log keeps the row: who, what, when, status). */
    MAIL_BODY_RETENTION_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(3650, 'must be at most 3650 days')
      .default(90),

    STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    S3_ENDPOINT: httpUrl.optional(),
    /** Where browsers reach the bucket (presigned downloads); S3_ENDPOINT when not given. */
    S3_PUBLIC_ENDPOINT: httpUrl.optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
      )
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.default(false),
    /** Seconds an S3 call may stay without a byte either way before it is given up (503). */
    S3_TIMEOUT_SECONDS: seconds.default(30),

    // The 1099-NEC threshold per tax year ("2026:2000.00,2027:2100.00"), over the federal defaults.
    TAX_1099_THRESHOLDS: z
      .string()
      .optional()
      .refine(
        (value) => splitList(value).every((entry) => /^\d{4}:\d{1,7}(\.\d{1,2})?$/.test(entry)),
        'must be year:amount pairs, comma-separated (e.g. 2026:2000.00)',
      ),
    REQUIRE_TAX_PROFILE_FOR_PAYOUT: flag.default(false),

    // The firm as an ACH originator (its bank gives these): all five or none. Without them the
    // NACHA file of a payout answers 409.
    ACH_IMMEDIATE_DESTINATION: z
      .string()
      .regex(/^\d{9}$/, "must be the receiving bank's 9-digit routing number")
      .optional(),
    ACH_IMMEDIATE_ORIGIN: z
      .string()
      .regex(/^[0-9A-Za-z ]{1,10}$/, 'must be at most 10 letters or digits (often 1 followed by the EIN)')
      .optional(),
    ACH_COMPANY_NAME: z
      .string()
      .regex(/^[0-9A-Za-z &.,'-]{1,16}$/, "must be 1 to 16 letters, digits, spaces or & . , ' -")
      .optional(),
    ACH_COMPANY_ID: z
      .string()
      .regex(/^[0-9A-Za-z ]{1,10}$/, 'must be at most 10 letters or digits (often 1 followed by the EIN)')
      .optional(),
    ACH_ODFI_ROUTING: z
      .string()
      .refine(isValidAbaRoutingNumber, 'must be a 9-digit routing number with a valid check digit')
      .optional(),

    METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** Admin-side users must enrol TOTP before /admin; default true in production only. */
    ADMIN_MFA_REQUIRED: flag.optional(),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_QUERY_TIMEOUT_SECONDS <= env.DATABASE_STATEMENT_TIMEOUT_SECONDS)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_QUERY_TIMEOUT_SECONDS'],
        message: 'must be more than DATABASE_STATEMENT_TIMEOUT_SECONDS (the server cancels a statement first)',
      });
    if (env.DATABASE_URL) {
      if (!env.JWT_SECRET)
        ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required with DATABASE_URL' });
      if (!env.DATA_ENCRYPTION_KEY)
        ctx.addIssue({ code: 'custom', path: ['DATA_ENCRYPTION_KEY'], message: 'is required with DATABASE_URL' });
    }
    if (env.DEMO_DATA && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_DATA'],
        message: 'is refused with NODE_ENV=production: the demo accounts have a published password',
      });
    }
    if (env.DEMO_DATA && env.ADMIN_EMAIL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_DATA'],
        message: 'cannot be combined with ADMIN_EMAIL: a deployment with its own admin gets no demo accounts',
      });
    }
    if (env.SMTP_URL && !env.PUBLIC_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required with SMTP_URL (links in mail are absolute)',
      });

    if (env.STORAGE_DRIVER === 's3') {
      for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with STORAGE_DRIVER=s3' });
      }
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: metrics are never served on the public port',
      });
    }
    const achSet = ACH_VARIABLES.filter((name) => env[name] !== undefined);
    if (achSet.length > 0 && achSet.length < ACH_VARIABLES.length) {
      for (const name of ACH_VARIABLES.filter((n) => env[n] === undefined))
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is required with ${achSet.join(', ')} (the ACH originator settings are all or none)`,
        });
    }
    if (!!env.ADMIN_EMAIL !== !!env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'is required when the other admin variable is set',
      });
    }
  });

/** Every variable the portal reads; turbo passes each through to its tasks (turbo.json), so a `pnpm dev` honours them. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /** Given by the environment; in embedded mode filled from DATA_DIR by loadSecrets. */
  jwtSecret?: string;
  dataEncryptionKey?: string;
  dataEncryptionOldKeys: string[];
  admin?: { email: string; password: string };
  demoData: boolean;
  schedulingUrl: string;
  /** Secrets of the inbound booking webhooks (CALCOM_WEBHOOK_SECRET, CALENDLY_WEBHOOK_SIGNING_KEY); unset = endpoint off. */
  bookingWebhooks: { calcomSecret?: string; calendlySigningKey?: string };
  /** The Stripe webhook's signing secret (STRIPE_WEBHOOK_SECRET); unset = endpoint off. */
  stripeWebhookSecret?: string;
  publicUrl?: string;
  corsOrigins: string[];
  trustProxy: false | number | string;
  redisUrl?: string;
  logLevel: string;
  accrualTimer: boolean;
  webDist: string;
  mail: { smtpUrl?: string; from: string; bodyRetentionDays: number };
  /** Requests per minute each API key may make (API_KEY_RATE_LIMIT). */
  apiKeyRateLimit: number;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: http and loopback/private webhook targets (never link-local). */
  webhookAllowPrivateNetworks: boolean;
  /** Bounds on every wait on PostgreSQL (DATABASE_*_TIMEOUT_SECONDS), in milliseconds. */
  databaseTimeouts: DatabaseTimeouts;
  /** How long a starting server keeps trying to reach PostgreSQL (DATABASE_START_WAIT_SECONDS), in ms. */
  databaseStartWaitMs: number;
  /** Bounds on a request's arrival (REQUEST_/BODY_/CONNECTION_TIMEOUT_SECONDS), in milliseconds. */
  httpTimeouts: { requestMs: number; bodyMs: number; connectionMs: number };

  storage: StorageConfig;

  /** 1099-NEC: configured thresholds by tax year (decimal strings), and whether a payout needs a tax profile past it. */
  tax: { thresholds: Record<number, string>; requireProfileForPayout: boolean };

  /** The firm as an ACH originator; absent when not configured (the NACHA file answers 409). */
  ach?: AchOriginator;

  /** Prometheus metrics on their own listener; off when absent. */
  metrics?: { port: number; host: string };
  /** ADMIN_MFA_REQUIRED: admin-side users without TOTP may only enrol (their admin calls are 403). */
  adminMfaRequired: boolean;
}

export interface AchOriginator {
  /** The routing number of the bank the file goes to. */
  immediateDestination: string;
  immediateOrigin: string;
  /** The firm's name as the partner's statement shows it (16 characters). */
  companyName: string;
  companyId: string;
  /** The firm's own bank (the originating DFI), 9 digits. */
  odfiRouting: string;
}

export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      endpoint?: string;
      /** The address browsers reach the bucket at, for presigned downloads (default: endpoint). */
      publicEndpoint?: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      /** S3_TIMEOUT_SECONDS in milliseconds: the bound on a silent connection to the bucket. */
      timeoutMs: number;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The repository root (the folder holding pnpm-workspace.yaml), or the working folder. */
export function findRepoRoot(start = process.cwd()): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(start);
    dir = parent;
  }
}

/**
 * The ACH originator of a demo start without ACH_* settings: sample values (routing numbers with valid
 * check digits, a made-up company), so the demo's ACH partner can be paid and its NACHA file opened.
 * Never used outside a demo start, which production refuses.
 */
export const DEMO_ACH_ORIGINATOR = {
  immediateDestination: '011000015',
  immediateOrigin: '1234567890',
  companyName: 'LEDGERLINE DEMO',
  companyId: '1234567890',
  odfiRouting: '021000021',
} as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Only asked for, or the newcomer's development start on the embedded database (seedDemo
  // itself adds nothing to a database that has users).
  const demoData = e.DEMO_DATA ?? (e.NODE_ENV === 'development' && !e.DATABASE_URL && !e.ADMIN_EMAIL);
  const root = findRepoRoot();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR ?? join(root, '.data')),
    jwtSecret: e.JWT_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    dataEncryptionOldKeys: splitList(e.DATA_ENCRYPTION_OLD_KEYS),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.trim().toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    demoData,
    schedulingUrl: e.SCHEDULING_URL,
    bookingWebhooks: { calcomSecret: e.CALCOM_WEBHOOK_SECRET, calendlySigningKey: e.CALENDLY_WEBHOOK_SIGNING_KEY },
    ...(e.STRIPE_WEBHOOK_SECRET ? { stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET } : {}),
    publicUrl: e.PUBLIC_URL,
    corsOrigins: splitList(e.CORS_ORIGINS).map((origin) => new URL(origin).origin),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    accrualTimer: e.ACCRUAL_TIMER,
    webDist: resolve(e.WEB_DIST ?? join(root, 'apps/web/dist')),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, bodyRetentionDays: e.MAIL_BODY_RETENTION_DAYS },
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhookAllowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      lockMs: e.DATABASE_LOCK_TIMEOUT_SECONDS * 1000,
      idleInTransactionMs: e.DATABASE_IDLE_TRANSACTION_TIMEOUT_SECONDS * 1000,
      queryMs: e.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
      connectMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    },
    databaseStartWaitMs: e.DATABASE_START_WAIT_SECONDS * 1000,
    httpTimeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      bodyMs: e.BODY_TIMEOUT_SECONDS * 1000,
      connectionMs: e.CONNECTION_TIMEOUT_SECONDS * 1000,
    },

    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            publicEndpoint: e.S3_PUBLIC_ENDPOINT,
            region: e.S3_REGION as string,
            bucket: e.S3_BUCKET as string,
            accessKeyId: e.S3_ACCESS_KEY_ID as string,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            timeoutMs: e.S3_TIMEOUT_SECONDS * 1000,
          }
        : { driver: 'local' },

    tax: {
      thresholds: Object.fromEntries(
        splitList(e.TAX_1099_THRESHOLDS)
          .map((entry) => entry.split(':'))
          .map(([year, amount]) => [Number(year), Number(amount).toFixed(2)]),
      ),
      requireProfileForPayout: e.REQUIRE_TAX_PROFILE_FOR_PAYOUT,
    },

    ach: e.ACH_IMMEDIATE_DESTINATION
      ? {
          immediateDestination: e.ACH_IMMEDIATE_DESTINATION,
          immediateOrigin: e.ACH_IMMEDIATE_ORIGIN as string,
          companyName: e.ACH_COMPANY_NAME as string,
          companyId: e.ACH_COMPANY_ID as string,
          odfiRouting: e.ACH_ODFI_ROUTING as string,
        }
      : demoData
        ? DEMO_ACH_ORIGINATOR
        : undefined,
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    adminMfaRequired: e.ADMIN_MFA_REQUIRED ?? e.NODE_ENV === 'production',
  };
}

/** A hop count, or addresses/CIDRs; `true` (trust every hop) is refused by the schema. */
function parseTrustProxy(value: string | undefined): false | number | string {
  if (!value) return false;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
