// Opens the database: PostgreSQL through `pg` when a URL is given, otherwise the embedded PGlite.

import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql, type LogConfig } from 'kysely';
import pg from 'pg';
import { RetryingKysely } from './retrying';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Answers whether the database responds right now. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections right now (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Embedded database: a copy of its data folder as a tar archive. Taken while PGlite runs no
   * query; the caller holds the single connection (db.connection()) so no transaction is open.
   */
  dumpDataDir?: () => Promise<Blob>;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  dataDir?: string;
  poolSize?: number;
  /** Embedded database: start from this data folder archive (PGlite's dumpDataDir) — a restore. */
  loadDataDir?: Blob;
  /** Kysely's log of every executed query, compiled ones included (the benchmarks record SQL with it). */
  log?: LogConfig;
  /** PostgreSQL: the bounds of every wait on the database (DATABASE_TIMEOUTS). */
  timeouts?: DatabaseTimeouts;
  /** PostgreSQL: told each time a transaction aborted by a deadlock or serialization failure runs again. */
  onTransactionRetry?: (attempt: number) => void;
}

/**
 * Every wait on PostgreSQL has a bound, so a request ends in bounded time whatever the database does.
 * The server cancels a statement (SQLSTATE 57014) or a lock wait (55P03) past its bound and ends a
 * session left idle inside a transaction (a frozen replica holding row locks); the client gives up on
 * an answer that never comes (a database that stops answering without resetting the connection) and
 * TCP keepalive finds a dead peer.
 */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  /** Client side: how long a query may wait for its answer; longer than statementMs. */
  queryMs: number;
  /** How long getting a connection (a new one, or one from a full pool) may take. */
  connectMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 60_000,
  lockMs: 10_000,
  idleInTransactionMs: 60_000,
  queryMs: 65_000,
  connectMs: 5_000,
};

const OID = { int8: 20, numeric: 1700, date: 1082 } as const;
const asIs = (value: string) => value;

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID.int8) return Number;
    if (oid === OID.numeric || oid === OID.date) return asIs;
    return pg.types.getTypeParser(oid, format);
  },
};

export function createDb(options: CreateDbOptions): DatabaseHandle {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      query_timeout: timeouts.queryMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A dropped connection must never crash the process: the pool reports idle ones here, and a
    // connection that dies while checked out (the database restarts mid-request) would otherwise
    // emit an unhandled 'error'. The query in flight still fails; the next one reconnects.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      // A query that got no answer in time leaves its connection in an unknown state: end it, so the
      // pool drops it instead of handing the next request a connection that will not answer either.
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise)
          result.catch((error: unknown) => {
            if (!(error instanceof Error) || error.message !== 'Query read timeout') return;
            // This runs before the caller releases the client: unqueryable, the pool removes it on release
            // (pg-pool's own test of a client it must not reuse).
            const raw = client as unknown as { _queryable: boolean; connection: { stream: { destroy(): void } } };
            raw._queryable = false;
            raw.connection.stream.destroy();
          });
        return result;
      };
    });
    // Concurrent transactions can deadlock or fail to serialize on PostgreSQL: each runs again a few times.
    const db = new RetryingKysely<Database>(
      {
        dialect: new PostgresDialect({ pool }),
        plugins,
        ...(options.log ? { log: options.log } : {}),
      },
      { onRetry: options.onTransactionRetry },
    );
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  // Owner only: the files hold emails, password hashes and bank ciphertexts (the server also narrows its umask).
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const client = new PGlite({
    ...(dataDir.startsWith('memory://') ? { dataDir } : { fs: new OwnerOnlyNodeFS(dataDir) }),
    parsers: { [OID.int8]: Number, [OID.numeric]: asIs, [OID.date]: asIs },
    // The trigram indexes of migration 0017 (text search); a restored data folder needs it loaded too.
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // PGlite has one connection: Kysely's PGlite adapter declares it, and Kysely then holds that
  // connection behind its own mutex from acquire to release (a whole transaction), so a concurrent
  // request waits instead of landing inside another's transaction.
  const db = new Kysely<Database>({
    dialect: new PGliteDialect({ pglite: client }),
    plugins,
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    close: () => db.destroy(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

type Chmod = (target: unknown, mode: number) => void;
interface EmscriptenNodeFs {
  doSetAttr?: (target: unknown, node: unknown, attr: unknown, chmod: Chmod, ...rest: unknown[]) => void;
}

/**
 * PGlite's file system on disk, keeping group and others out. Emscripten sets each file's mode
 * with chmod after creating it (0666 for PostgreSQL's files), which the process umask does not
 * narrow; here every such chmod drops the group and other bits.
 */
class OwnerOnlyNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = [...(result.emscriptenOpts.preRun ?? [])];
    preRun.push((mod: { NODEFS?: EmscriptenNodeFs }) => {
      const nodefs = mod.NODEFS;
      const original = nodefs?.doSetAttr;
      if (!nodefs || typeof original !== 'function') return;
      nodefs.doSetAttr = (target, node, attr, chmod, ...rest) =>
        original.call(nodefs, target, node, attr, (path: unknown, mode: number) => chmod(path, mode & ~0o077), ...rest);
    });
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits until the database answers, asking again with a growing pause (a quarter second, doubling,
 * at most five seconds) for at most `withinMs`. A replica started while its database restarts, or
 * before it in a deployment, comes up once the database does instead of exiting at once. Answers
 * whether the database answered in time; `onRetry` hears each failed attempt and the next pause.
 */
export async function waitUntilReachable(
  handle: Pick<DatabaseHandle, 'ping'>,
  options: { withinMs: number; onRetry?: (attempt: number, nextDelayMs: number) => void },
): Promise<boolean> {
  const deadline = Date.now() + options.withinMs;
  for (let attempt = 1, delay = 250; ; attempt++, delay = Math.min(delay * 2, 5_000)) {
    if (await handle.ping()) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    const pause = Math.min(delay, left);
    options.onRetry?.(attempt, pause);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
