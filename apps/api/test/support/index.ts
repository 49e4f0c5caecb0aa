// Shared set-up of the API tests: a fresh app per test file on its own database, copied from the
// run's migrated template (PGlite, or PostgreSQL with TEST_DATABASE_URL), with a movable clock;
// sign-in helpers; and factories for the rows tests start from.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  COMMISSION_BY_SERVICE,
  type ApiKeyScope,
  type PartnerApplicationInput,
  type ServiceType,
  type UserRole,
} from '@portal/contracts';
import { createTestDatabase as copyTemplate, type TestDatabase } from '@portal/db/testing';
import { hashPassword } from '../../src/services/accounts';
import type { ActivityLogTable, CommissionsTable, Database, EmailOutboxRow } from '@portal/db';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDeps } from '../../src/deps';
import { createLogger } from '../../src/logger';
import { createApiKey } from '../../src/services/integrations';
import { allocateReferralCode } from '../../src/services/partners';
import { bankFieldContext } from '../../src/services/platform';
import { createInnerContext, type AppDeps, type SessionUser } from '../../src/trpc/context';
import { createCaller } from '../../src/trpc/router';
import { createOutboxWorker, type OutboxWorker } from '../../src/workers/outbox-worker';
import { validateResponses } from './openapi-validator';
import { startTestSmtp, type CapturedMail, type TestSmtp } from './smtp';

/** The API package's folder (apps/api): where its scripts, binaries and built files are. */
export const apiDir = join(import.meta.dirname, '../..');

// A server or cli process started by a test decides its settings from the test's env alone, never
// from the developer's or CI's shell.
const INHERITED_OUT = [
  'DATABASE_URL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'REDIS_URL',
  'DEMO_DATA',
  'NODE_ENV',
  'TRUST_PROXY',
  'JWT_SECRET',
  'DATA_ENCRYPTION_KEY',
  'DATA_ENCRYPTION_OLD_KEYS',
  'PORT',
  'HOST',
  'METRICS_PORT',
];
const cleanEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !INHERITED_OUT.includes(name)));

/** The server's and the cli's bundles (built by the run's global set-up when older than the sources). */
export const SERVER = 'dist/main.js';
export const CLI = 'dist/cli.js';

/**
 * Fills `dir` with a copy of the run's migrated DATA_DIR (embedded database and secrets), so a process
 * started on it skips the migrations; a test of a first start on an empty folder does not use it.
 */
export function migratedDataDir(dir: string): string {
  cpSync(inject('dataDirTemplate'), dir, { recursive: true });
  return dir;
}

/**
 * Node's flags for a server or cli process a test starts. The embedded database is PostgreSQL compiled to
 * WebAssembly; such a process lives for seconds, and V8 spent more of them optimizing that module's hot functions
 * (TurboFan) than the optimized code gave back. With its baseline compiler (Liftoff) alone the data-dir and backup
 * files took 117 s instead of 170 s. What runs is the same; a production start keeps every tier.
 */
export const TEST_PROCESS_FLAGS = ['--liftoff-only'];

/**
 * Starts `node <args>` in the API folder (SERVER, CLI and their arguments) with `env`; `wrapper` is a
 * command that runs it (its arguments, then node's command line), e.g. in a mount namespace.
 */
export function startApiProcess(args: string[], env: Record<string, string>, wrapper: string[] = []) {
  const command = [...wrapper, process.execPath, ...TEST_PROCESS_FLAGS, ...args];
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: apiDir,
    env: { ...cleanEnv(), ACCRUAL_TIMER: 'false', LOG_LEVEL: 'info', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** Runs an API process to its end: its exit code and what it printed. */
export async function runApiProcess(args: string[], env: Record<string, string>) {
  const started = startApiProcess(args, env);
  const code = await started.exited;
  return { code, ...started.output() };
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Runs the server with `env` on a free loopback port while `use` runs: `use` gets the process and its address
 * once the server says it listens, and the server is stopped after `use`, whatever it did.
 */
export async function withServer<T>(
  env: Record<string, string>,
  use: (server: ReturnType<typeof startApiProcess> & { url: string }) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const server = startApiProcess([SERVER], { ...env, PORT: String(port), HOST: '127.0.0.1' });
  try {
    await expect.poll(() => server.output().stdout, { timeout: 90_000, interval: 200 }).toContain('Partner Portal on');
    return await use({ ...server, url: `http://127.0.0.1:${port}` });
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

export interface TestApp extends AppFixtures {
  app: FastifyInstance;
  deps: AppDeps;
  db: AppDeps['db'];
  database: TestDatabase;
  clock: { now: Date };
  /** The activity log's entries that match every column given (in the order the database answers). */
  activityEntries(where: ActivityFilter): Promise<Selectable<ActivityLogTable>[]>;
  /** The actions the activity log holds about `entityId`, oldest first. */
  activityActions(entityId: string): Promise<string[]>;
  /** The outbox's mails that match every column given, oldest first. */
  outboxMails(where: OutboxFilter): Promise<EmailOutboxRow[]>;
  /** The commissions (fees, bonuses, clawbacks) that match every column given, oldest first. */
  commissionRows(where: CommissionFilter): Promise<Selectable<CommissionsTable>[]>;
  /** The ids of the partner's pending commissions, in id order. */
  pendingCommissionIds(partnerId: string): Promise<string[]>;
  /** The ids of the client payments recorded for any of `referralIds`, oldest first. */
  clientPaymentIds(...referralIds: string[]): Promise<string[]>;
  /** The row of `table` with that id, as stored (throws when there is none). */
  row<T extends TableWithId>(table: T, id: string): Promise<Selectable<Database[T]>>;
  close(): Promise<void>;
}

/** The factories and sign-ins below, on the test app's own deps. */
export interface AppFixtures {
  createUser(options?: UserOptions): Promise<SessionUser>;
  createPartner(options?: PartnerOptions): Promise<PartnerFixture>;
  createReferral(partnerId: string, options?: ReferralOptions): Promise<string>;
  /** A won referral of the partner (a client), whose contract started on 2026-01-01 unless `options` say otherwise. */
  createWonClient(partnerId: string, options?: WonClientOptions): Promise<string>;
  createCommission(options: CommissionOptions): Promise<string>;
  /** A commission booked on the 20th of the month it is for: that month's statement lists it. */
  createBookedCommission(options: Omit<CommissionOptions, 'createdAt'>): Promise<string>;
  /** A commission of a new won referral of the partner, whose contract started in January of the commission's year. */
  createWonCommission(options: Omit<CommissionOptions, 'referralId'>): Promise<string>;
  /** A new active partner with one won client, whose contract started on `contractStartDate` (default 2026-01-01). */
  createPartnerWithWonClient(options?: {
    contractStartDate?: string;
  }): Promise<{ partner: PartnerFixture; referralId: string }>;
  /** An API key with `scopes`, made by the admin `creator` as the admin screen makes one: its secret. */
  createApiKey(creator: SessionUser, scopes: ApiKeyScope[], name?: string): Promise<string>;
  /** A server-side tRPC caller acting as `user` (null: anonymous). */
  caller(user: SessionUser | null): ReturnType<typeof callerFor>;
  tokenFor(user: SessionUser): Promise<string>;
  /** The Authorization header of `user`. */
  bearer(user: SessionUser): Promise<{ authorization: string }>;
  /** A request to the API as `user` (null: anonymous), with `headers` besides its Authorization header. */
  request(
    user: SessionUser | null,
    method: HTTPMethods,
    url: string,
    payload?: InjectOptions['payload'],
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** GET /api/openapi.json, anonymous: the served OpenAPI document, parsed (as `T` when given, like `json()`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  openApiDocument<T = any>(): Promise<T>;
  /** POST /api/admin/referrals/{referralId}/payments as `user`: a payment of the client the firm records. */
  postClientPayment(
    user: SessionUser,
    referralId: string,
    payment: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** POST /api/admin/program-terms as `user`: the next terms, with the sample agreement text unless `terms` has one. */
  publishTerms(
    user: SessionUser,
    terms: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  setFeeBasis(feeBasis: FeeBasis): Promise<void>;
}

const appFixtures = (deps: AppDeps, app: FastifyInstance): AppFixtures => {
  const request: AppFixtures['request'] = async (user, method, url, payload, headers = {}) =>
    app.inject({ method, url, payload, headers: { ...(user ? await bearer(deps, user) : {}), ...headers } });
  return {
    createUser: (options) => createUser(deps, options),
    createPartner: (options) => createPartner(deps, options),
    createReferral: (partnerId, options) => createReferral(deps, partnerId, options),
    createWonClient: (partnerId, options) => createWonClient(deps, partnerId, options),
    createCommission: (options) => createCommission(deps, options),
    createBookedCommission: (options) =>
      createCommission(deps, { ...options, createdAt: new Date(`${options.monthYear}-20T12:00:00Z`) }),
    createWonCommission: (options) => createWonCommission(deps, options),
    async createPartnerWithWonClient(options) {
      const partner = await createPartner(deps, {});
      const referralId = await createWonClient(deps, partner.partnerId, options);
      return { partner, referralId };
    },
    async createApiKey(creator, scopes, name = `Key ${unique()}`) {
      const created = await createApiKey(deps.db, { createdBy: creator.id, input: { name, scopes }, now: deps.now() });
      return created.key;
    },
    caller: (user) => callerFor(deps, user),
    tokenFor: (user) => tokenFor(deps, user),
    bearer: (user) => bearer(deps, user),
    request,
    openApiDocument: async () => (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json(),
    postClientPayment: (user, referralId, payment, headers) =>
      request(user, 'POST', `/api/admin/referrals/${referralId}/payments`, payment, headers),
    publishTerms: (user, terms, headers) =>
      request(user, 'POST', '/api/admin/program-terms', { agreementText: sampleAgreementText, ...terms }, headers),
    setFeeBasis: (feeBasis) => setFeeBasis(deps, feeBasis),
  };
};

/** An agreement text for terms a test publishes, where its words do not matter. */
export const sampleAgreementText = {
  title: 'Affiliate Agreement',
  sections: [
    { heading: '4. Referral fees', paragraphs: ['The Firm pays $60 per month for a Standard Package client.'] },
  ],
};

/** The tables keyed by an `id` column. */
type TableWithId = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];

function rowOf<T extends TableWithId>(db: AppDeps['db'], table: T, id: string): Promise<Selectable<Database[T]>> {
  // Kysely cannot narrow a query over a union of tables; every table here has the `id` the filter names.
  const query = db
    .selectFrom(table as 'users')
    .selectAll()
    .where('id', '=', id);
  return query.executeTakeFirstOrThrow() as unknown as Promise<Selectable<Database[T]>>;
}

type ActivityFilter = Partial<Record<'action' | 'entityId' | 'entityType' | 'userId', string>>;

function activityEntries(db: AppDeps['db'], where: ActivityFilter) {
  let query = db.selectFrom('activityLog').selectAll();
  for (const [column, value] of Object.entries(where) as [keyof ActivityFilter, string][])
    query = query.where(column, '=', value);
  return query.execute();
}

type OutboxFilter = Partial<Record<'kind' | 'recipient', string>>;

function outboxMails(db: AppDeps['db'], where: OutboxFilter) {
  let query = db.selectFrom('emailOutbox').selectAll();
  for (const [column, value] of Object.entries(where) as [keyof OutboxFilter, string][])
    query = query.where(column, '=', value);
  return query.orderBy('createdAt').execute();
}

type CommissionFilter = Partial<
  Pick<Selectable<CommissionsTable>, 'partnerId' | 'referralId' | 'monthYear' | 'kind' | 'status'>
>;

function commissionRows(db: AppDeps['db'], where: CommissionFilter) {
  let query = db.selectFrom('commissions').selectAll();
  // Kysely cannot narrow a filter over a union of columns; each value has its own column's type.
  for (const [column, value] of Object.entries(where) as [keyof CommissionFilter, string][])
    query = query.where(column as 'partnerId', '=', value);
  return query.orderBy('createdAt').execute();
}

async function pendingCommissionIds(db: AppDeps['db'], partnerId: string) {
  const rows = await db
    .selectFrom('commissions')
    .select('id')
    .where('partnerId', '=', partnerId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

async function clientPaymentIds(db: AppDeps['db'], referralIds: string[]) {
  if (referralIds.length === 0) return [];
  const rows = await db
    .selectFrom('clientPayments')
    .select('id')
    .where('referralId', 'in', referralIds)
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => row.id);
}

async function activityActions(db: AppDeps['db'], entityId: string) {
  const rows = await db
    .selectFrom('activityLog')
    .select('action')
    .where('entityId', '=', entityId)
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => row.action);
}

/** A database of the test file's own, copied from the run's migrated template (support/global-setup.ts). */
export const createTestDatabase = (): Promise<TestDatabase> => copyTemplate(inject('databaseTemplate'));

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    ACCRUAL_TIMER: 'false',
    DEMO_DATA: 'false',
    ...env,
  });
  const clock = { now: new Date() };
  const deps = createDeps(config, database, createLogger('silent'), () => clock.now);
  const app = await buildApp(deps, { serveWeb: Boolean(env.WEB_DIST) });
  await app.ready();
  // Every REST answer the file's tests receive is checked against the served OpenAPI document.
  await validateResponses(app);
  return {
    app,
    deps,
    db: database.db,
    database,
    clock,
    ...appFixtures(deps, app),
    activityEntries: (where) => activityEntries(database.db, where),
    activityActions: (entityId) => activityActions(database.db, entityId),
    outboxMails: (where) => outboxMails(database.db, where),
    commissionRows: (where) => commissionRows(database.db, where),
    pendingCommissionIds: (partnerId) => pendingCommissionIds(database.db, partnerId),
    clientPaymentIds: (...referralIds) => clientPaymentIds(database.db, referralIds),
    row: (table, id) => rowOf(database.db, table, id),
    async close() {
      await app.close();
      await deps.rateLimits.close();
      deps.storage.close?.();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `use` with a test app of its own that serves a web build of one page (the SPA shell, with its root
 * element), and closes the app and removes the build after `use`, whatever it did.
 */
export async function withWebApp<T>(use: (web: TestApp) => Promise<T>): Promise<T> {
  const webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Partner Portal</title><div id="root"></div>');
  const web = await createTestApp({ WEB_DIST: webDist });
  try {
    return await use(web);
  } finally {
    await web.close();
    rmSync(webDist, { recursive: true, force: true });
  }
}

/** Runs the workers side by side, round after round, until a round claims nothing: how many jobs they claimed in all. */
export async function runWorkersUntilIdle(...workers: { runOnce(): Promise<number> }[]): Promise<number> {
  let claimed = 0;
  for (;;) {
    const round = (await Promise.all(workers.map((worker) => worker.runOnce()))).reduce((a, b) => a + b, 0);
    if (round === 0) return claimed;
    claimed += round;
  }
}

/**
 * The test file's app: created before its tests and closed after them (after the file's own
 * afterAll hooks). The object is filled in once the app is ready; `env` may be a function to read
 * values that exist only then, such as a test server's address.
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(typeof env === 'function' ? env() : env));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/** Sets the test app's clock to `iso` before the file's tests (register it after useTestApp). */
export function useClock(t: TestApp, iso: string): void {
  beforeAll(() => {
    t.clock.now = new Date(iso);
  });
}

/**
 * A user of the file's tests, made before them on `t` (register it after useTestApp): the object is filled in once
 * the user exists, so a file declares its users as constants.
 */
export function useUser(t: TestApp, options: UserOptions = {}): SessionUser {
  const user = {} as SessionUser;
  beforeAll(async () => {
    Object.assign(user, await t.createUser(options));
  });
  return user;
}

/** A partner of the file's tests, made before them on `t` (register it after useTestApp), filled in as useUser's user. */
export function usePartner(t: TestApp, options: PartnerOptions = {}): PartnerFixture {
  const partner = {} as PartnerFixture;
  beforeAll(async () => {
    Object.assign(partner, await t.createPartner(options));
  });
  return partner;
}

/** A log destination that keeps what is written to it: `lines` one a write, `text()` all of them. */
export function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}

export type LogSink = ReturnType<typeof logSink>;

/**
 * Runs `use` with an app on `t`'s deps that logs at info into a sink of its own (no web pages), and closes the
 * app after `use`, whatever it did.
 */
export async function withLoggingApp<T>(
  t: TestApp,
  use: (app: FastifyInstance, log: LogSink) => Promise<T>,
): Promise<T> {
  const log = logSink();
  const app = await buildApp({ ...t.deps, logger: createLogger('info', log.stream) }, { serveWeb: false });
  try {
    return await use(app, log);
  } finally {
    await app.close();
  }
}

/** A folder of the test file's (or describe block's) own under the system's temp folder, removed after its tests. */
export function useTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A real SMTP server in the test process for the file's tests (register it before useTestApp). */
export function useTestSmtp(): TestSmtp {
  const smtp = {} as TestSmtp;
  beforeAll(async () => {
    Object.assign(smtp, await startTestSmtp());
  });
  afterAll(async () => {
    await smtp.stop?.();
  });
  return smtp;
}

/** What useTestApp is given to mail through `smtp`, with absolute links to the portal's address. */
export const mailingEnv =
  (smtp: TestSmtp, env: Record<string, string> = {}) =>
  () => ({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example.com',
    ...env,
  });

/** Delivers the outbox and answers the mails that arrived for `to`, once `count` mails in all have arrived. */
export async function deliveredTo(
  worker: OutboxWorker,
  smtp: TestSmtp,
  to: string,
  count: number,
): Promise<CapturedMail[]> {
  await worker.runOnce();
  await smtp.waitFor(count);
  return smtp.mails.filter((m) => m.to === to);
}

export interface MailDelivery {
  worker: OutboxWorker;
  /** Delivers the outbox and answers the mails that arrived for `to`, once `count` mails in all have arrived. */
  mailsTo(to: string, count: number): Promise<CapturedMail[]>;
}

/**
 * The file's mail delivery to `smtp`: an outbox worker on the app, made once the app is ready and stopped after
 * the tests (register it after useTestApp); the captured mails are cleared before each test.
 */
export function useMailDelivery(t: TestApp, smtp: TestSmtp): MailDelivery {
  const delivery = {
    mailsTo: (to: string, count: number) => deliveredTo(delivery.worker, smtp, to, count),
  } as MailDelivery;
  beforeAll(() => {
    delivery.worker = createOutboxWorker(t.deps);
  });
  afterAll(async () => {
    await delivery.worker?.stop();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
  });
  return delivery;
}

/**
 * The test file's app mailing through a real SMTP server in the test process, with its mail delivery: the server,
 * the app and the delivery, made in that order (register it first, in place of useTestApp).
 */
export function useMailingTestApp(env: Record<string, string> = {}): {
  smtp: TestSmtp;
  t: TestApp;
  delivery: MailDelivery;
} {
  const smtp = useTestSmtp();
  const t = useTestApp(mailingEnv(smtp, env));
  return { smtp, t, delivery: useMailDelivery(t, smtp) };
}

/**
 * Client addresses `prefix.x.y`, a new one per call: each test signs in from its own address so one
 * test's per-address throttle never touches another.
 */
export function addressSequence(prefix: string): () => string {
  let counter = 1;
  return () => `${prefix}.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;
}

/** POST /api/auth/login from `remoteAddress` (the address throttles count per address). */
export const postLogin = (app: FastifyInstance, email: string, password: string, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

/***
 * Asserts that a REST call was refused with `status` and `message` (text, pattern or matcher). Both are
 * compared in one object, so a failure shows the status and the message the server actually gave.
 */
export function expectRefusal(
  response: Pick<LightMyRequestResponse, 'statusCode' | 'json'>,
  status: number,
  message: unknown,
): void {
  const expected = message instanceof RegExp ? expect.stringMatching(message) : message;
  expect({ status: response.statusCode, message: response.json<{ message?: unknown }>().message }).toEqual({
    status,
    message: expected,
  });
}

/** A server-side tRPC caller acting as `user` (null: anonymous). */
export function callerFor(deps: AppDeps, user: SessionUser | null) {
  return createCaller(createInnerContext(deps, user));
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** An email address no other row of the run holds, starting with `prefix`. */
export const uniqueEmail = (prefix: string) => `${prefix}-${unique()}@example.com`;

interface UserOptions {
  role?: UserRole;
  email?: string;
  password?: string;
}

export async function createUser(deps: AppDeps, options: UserOptions = {}): Promise<SessionUser> {
  // Hashed as the server hashes (its settings, no upgrade on sign-in), not with the library's heavier defaults.
  const passwordHash = options.password ? await hashPassword(options.password) : '!unusable';
  const row = await deps.db
    .insertInto('users')
    .values({ email: options.email ?? `user-${unique()}@example.com`, passwordHash, role: options.role ?? 'partner' })
    .returning(['id', 'email', 'role', 'tokenVersion'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function tokenFor(deps: AppDeps, user: SessionUser): Promise<string> {
  return deps.tokens.sign({ userId: user.id, role: user.role, tokenVersion: user.tokenVersion });
}

export const bearer = async (deps: AppDeps, user: SessionUser) => ({
  authorization: `Bearer ${await tokenFor(deps, user)}`,
});

export interface PartnerFixture {
  user: SessionUser;
  partnerId: string;
  referralCode: string;
}

interface PartnerOptions {
  status?: 'pending' | 'active' | 'inactive' | 'suspended' | 'rejected';
  companyName?: string;
  contactName?: string;
  email?: string;
  /** The partner user's password (default: one nobody can sign in with). */
  password?: string;
  createdAt?: Date;
  /** Wire bank details on file, as registration asks for them (default true): a payout can pay the partner. */
  bankDetails?: boolean;
  /** How the partner is paid (default: the database's, Wire). */
  paymentMethod?: 'Wire' | 'ACH' | 'PayPal';
  /** The partner's PayPal email, sealed as the settings screen seals it; the partner is then paid by PayPal. */
  paypalEmail?: string;
}

export async function createPartner(deps: AppDeps, options: PartnerOptions = {}): Promise<PartnerFixture> {
  const user = await createUser(deps, { role: 'partner', email: options.email, password: options.password });
  const companyName = options.companyName ?? `Partner ${unique()}`;
  const referralCode = await allocateReferralCode(deps.db, companyName);
  const status = options.status ?? 'active';
  const row = await deps.db
    .insertInto('partners')
    .values({
      userId: user.id,
      companyName,
      contactName: options.contactName ?? 'Pat Partner',
      companyType: 'agency',
      expectedVolume: '3-5 referrals/month',
      referralCode,
      status,
      agreementSigned: true,
      agreementSignedAt: new Date(),
      approvedAt: status === 'active' ? new Date() : null,
      ...(options.createdAt ? { createdAt: options.createdAt, applicationDate: options.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.bankDetails ?? true)
    await deps.db
      .updateTable('partners')
      .set({
        bankName: 'First Bank of Oregon',
        bankRoutingNumber: deps.cipher.encrypt('021000021', bankFieldContext(row.id, 'bank_routing_number')),
        bankAccountNumber: deps.cipher.encrypt('000123456789', bankFieldContext(row.id, 'bank_account_number')),
        bankAccountType: 'checking',
        bankAccountHolderName: companyName,
      })
      .where('id', '=', row.id)
      .execute();
  if (options.paymentMethod || options.paypalEmail)
    await deps.db
      .updateTable('partners')
      .set({
        paymentMethod: options.paypalEmail ? 'PayPal' : options.paymentMethod,
        ...(options.paypalEmail && {
          paypalEmail: deps.cipher.encrypt(options.paypalEmail, bankFieldContext(row.id, 'paypal_email')),
        }),
      })
      .where('id', '=', row.id)
      .execute();
  return { user, partnerId: row.id, referralCode };
}

interface ReferralOptions {
  stage?: 'booked' | 'qualified' | 'proposal' | 'won' | 'lost';
  serviceType?: ServiceType;
  monthlyValue?: string;
  contractStartDate?: string | null;
  contractEndDate?: string | null;
  churnDate?: string | null;
  clientCompanyName?: string;
  clientEmail?: string;
  /** When the referral was made (default: the database's clock). */
  createdAt?: Date;
  /** The client's annual sales; the agreement's minimum by default, so a deal won later qualifies. */
  annualSales?: string | null;
}

export async function createReferral(deps: AppDeps, partnerId: string, options: ReferralOptions = {}): Promise<string> {
  const serviceType = options.serviceType ?? 'basic_accounting';
  const row = await deps.db
    .insertInto('referrals')
    .values({
      partnerId,
      clientCompanyName: options.clientCompanyName ?? `Client ${unique()}`,
      serviceType,
      monthlyValue: options.monthlyValue ?? '500.00',
      commissionAmount: COMMISSION_BY_SERVICE[serviceType],
      stage: options.stage ?? 'booked',
      contractStartDate: options.contractStartDate ?? null,
      contractEndDate: options.contractEndDate ?? null,
      churnDate: options.churnDate ?? null,
      annualSales: options.annualSales === undefined ? '1000000.00' : options.annualSales,
      ...(options.clientEmail && { clientEmail: options.clientEmail }),
      ...(options.createdAt && { createdAt: options.createdAt }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type WonClientOptions = Omit<ReferralOptions, 'stage'>;

export function createWonClient(deps: AppDeps, partnerId: string, options: WonClientOptions = {}): Promise<string> {
  return createReferral(deps, partnerId, { contractStartDate: '2026-01-01', ...options, stage: 'won' });
}

interface CommissionOptions {
  partnerId: string;
  referralId: string;
  monthYear: string;
  amount?: string;
  status?: 'pending' | 'paid' | 'failed';
  /** When a paid commission was paid (default: now). */
  paidAt?: Date;
  /** When the commission was booked: the month whose statement lists it (default: the database's clock). */
  createdAt?: Date;
}

export async function createCommission(deps: AppDeps, options: CommissionOptions): Promise<string> {
  const status = options.status ?? 'pending';
  const row = await deps.db
    .insertInto('commissions')
    .values({
      partnerId: options.partnerId,
      referralId: options.referralId,
      monthYear: options.monthYear,
      amount: options.amount ?? '50.00',
      status,
      paymentDate: status === 'paid' ? (options.paidAt ?? new Date()) : null,
      paymentMethod: status === 'paid' ? 'Wire' : null,
      paymentReference: status === 'paid' ? `PAY-${unique()}` : null,
      failureReason: status === 'failed' ? 'Bank rejected the transfer' : null,
      ...(options.createdAt && { createdAt: options.createdAt, updatedAt: options.createdAt }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createWonCommission(
  deps: AppDeps,
  options: Omit<CommissionOptions, 'referralId'>,
): Promise<string> {
  const contractStartDate = `${options.monthYear.slice(0, 4)}-01-01`;
  const referralId = await createWonClient(deps, options.partnerId, { contractStartDate });
  return createCommission(deps, { ...options, referralId });
}

export interface AccrualSeed {
  admin: SessionUser;
  partner: PartnerFixture;
  other: PartnerFixture;
}

/**
 * An admin and two active partners on `t`, made before the file's tests under the activeMonth fee basis: the
 * rows of the tests that follow commissions through a rollup table (register it after useTestApp).
 */
export function useAccrualSeed(t: TestApp): AccrualSeed {
  const seed = {} as AccrualSeed;
  beforeAll(async () => {
    await t.setFeeBasis('activeMonth');
    seed.admin = await t.createUser({ role: 'admin' });
    seed.partner = await t.createPartner();
    seed.other = await t.createPartner();
  });
  return seed;
}

/**
 * Two active partners with pipelines: Acme Advisors with seven qualified referrals, Globex Books with three
 * qualified and one booked (Northwind Foods).
 */
export async function createPipelinePartners(t: TestApp): Promise<{ acme: PartnerFixture; globex: PartnerFixture }> {
  const acme = await t.createPartner({ companyName: 'Acme Advisors' });
  const globex = await t.createPartner({ companyName: 'Globex Books' });
  for (let i = 0; i < 7; i++)
    await t.createReferral(acme.partnerId, { clientCompanyName: `Acme Client ${i}`, stage: 'qualified' });
  for (let i = 0; i < 3; i++)
    await t.createReferral(globex.partnerId, { clientCompanyName: `Globex Client ${i}`, stage: 'qualified' });
  await t.createReferral(globex.partnerId, { clientCompanyName: 'Northwind Foods', stage: 'booked' });
  return { acme, globex };
}

/** A complete, valid partner application (Apply form, wire transfer); tests override what they look at. */
export const sampleApplication = (overrides: Record<string, unknown> = {}): PartnerApplicationInput => ({
  companyName: 'Acme Growth Partners',
  contactName: 'Ada Lovelace',
  companyType: 'agency',
  expectedVolume: '3-5 referrals/month',
  paymentMethod: 'Wire',
  bankName: 'First Bank of Oregon',
  bankRoutingNumber: '021000021',
  bankAccountNumber: 'AB12345678',
  bankAccountType: 'checking',
  bankAccountHolderName: 'Acme Growth Partners LLC',
  bankAddress: '1 Main St\nPortland, OR',
  beneficiaryAddress: '2 Side St\nPortland, OR',
  agreementSigned: true,
  ...overrides,
});

/**
 * Sets the program's fee basis: tests of the monthly accrual run under `activeMonth` (under the
 * default `clientPayment` fees come from client payments and the accrual creates nothing).
 */
type FeeBasis = 'clientPayment' | 'activeMonth';

export async function setFeeBasis(deps: AppDeps, feeBasis: FeeBasis): Promise<void> {
  await deps.db.updateTable('programSettings').set({ feeBasis }).execute();
}

/** How many times the marketing material `id` was downloaded, as stored. */
export async function materialDownloadCount(db: AppDeps['db'], id: string): Promise<number> {
  const row = await db
    .selectFrom('marketingMaterials')
    .select('downloadCount')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.downloadCount;
}
