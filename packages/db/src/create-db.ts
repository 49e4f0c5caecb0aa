// Opens the database: PostgreSQL through `pg` when a URL is given, otherwise the embedded PGlite.

import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql, type LogConfig } from 'kysely';
import pg from 'pg';
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
}

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
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes,
      connectionTimeoutMillis: 5000,
    });
    // A dropped connection must never crash the process: the pool reports idle ones here, and a
    // connection that dies while checked out (the database restarts mid-request) would otherwise
    // emit an unhandled 'error'. The query in flight still fails; the next one reconnects.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins,
      ...(options.log ? { log: options.log } : {}),
    });
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
