// The environment, parsed once (DESIGN §3). A wrong or missing value stops the start with its name.

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const base64Key = z.string().refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string').optional(),
    DATA_DIR: z.string().min(1).optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DATA_ENCRYPTION_KEY: base64Key.optional(),
    /** Earlier keys, comma-separated, still able to decrypt during a rotation. */
    DATA_ENCRYPTION_OLD_KEYS: z.string().optional(),
    ADMIN_EMAIL: z.email('must be an email address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    DEMO_DATA: flag.optional(),
    SCHEDULING_URL: z.url('must be an http(s) address').default('https://schedule.example.com/consultation'),
    PUBLIC_URL: z.url('must be an http(s) address').optional(),
    CORS_ORIGINS: z.string().optional(),
    TRUST_PROXY: z.string().optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// address').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ACCRUAL_TIMER: flag.default(true),
    WEB_DIST: z.string().optional(),
    // Mail (issue 14): the outbox worker delivers over SMTP_URL; links in mail need PUBLIC_URL.
    SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// address').optional(),
    MAIL_FROM: z.string().min(3, 'must be a sender address').default('Ledgerline <no-reply@ledgerline.local>'),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL) {
      if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required with DATABASE_URL' });
      if (!env.DATA_ENCRYPTION_KEY) ctx.addIssue({ code: 'custom', path: ['DATA_ENCRYPTION_KEY'], message: 'is required with DATABASE_URL' });
    }
    if (env.SMTP_URL && !env.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required with SMTP_URL (links in mail are absolute)' });
    if (!!env.ADMIN_EMAIL !== !!env.ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'], message: 'is required when the other admin variable is set' });
    }
  });

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
  publicUrl?: string;
  corsOrigins: string[];
  trustProxy: boolean | number | string;
  redisUrl?: string;
  logLevel: string;
  accrualTimer: boolean;
  webDist: string;
  mail: { smtpUrl?: string; from: string };
}

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const root = findRepoRoot();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR ?? join(root, '.data')),
    jwtSecret: e.JWT_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    dataEncryptionOldKeys: (e.DATA_ENCRYPTION_OLD_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.trim().toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    schedulingUrl: e.SCHEDULING_URL,
    publicUrl: e.PUBLIC_URL,
    corsOrigins: (e.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    accrualTimer: e.ACCRUAL_TIMER,
    webDist: resolve(e.WEB_DIST ?? join(root, 'apps/web/dist')),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
