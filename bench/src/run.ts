// `pnpm bench [--quick]`: runs every benchmark in one process, one after another, each on a fresh
// PostgreSQL database (BENCH_DATABASE_URL names the server; created and dropped here), and writes
// bench/REPORT.md (with --quick: bench/.data/REPORT-quick.md, so CI keeps the suite working
// without touching the committed report). `--only <name[,name]>` runs the named benchmarks (the
// `benchmark` names below, case-insensitive) and writes bench/.data/REPORT-only.md. A missed target
// is reported, never a failure; a crash is.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb, migrateToLatest } from '@portal/db';
import { sql } from 'kysely';
import { runApiOverheadBench } from './api-overhead';
import { runMemoryBench } from './memory';
import { runSignInBench } from './sign-in';
import { notMeasured } from './stats';
import type { BenchContext, BenchDatabase, BenchFigure, BenchFunction, FigureStatus } from './types';
import { runWebSizeBench } from './web-size';

const benchDir = resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');

/** `--only <name[,name]>` or `--only=<name[,name]>`: the benchmark names asked for, or null for all. */
export function parseOnly(argv: readonly string[]): string[] | null {
  const index = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index < 0) return null;
  const arg = argv[index] as string;
  const value = arg === '--only' ? argv[index + 1] : arg.slice('--only='.length);
  if (!value || value.startsWith('--')) throw new Error('--only needs a comma-separated list of benchmark names');
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.length) throw new Error('--only needs a comma-separated list of benchmark names');
  return names;
}

/** The entries named in `only` (case-insensitive), in the suite's order; an unknown name is an error that lists the known ones. */
export function selectEntries<T extends { benchmark: string }>(
  entries: readonly T[],
  only: readonly string[] | null,
): T[] {
  if (!only) return [...entries];
  const key = (name: string) => name.trim().toLowerCase();
  const known = new Set(entries.map((entry) => key(entry.benchmark)));
  const unknown = only.filter((name) => !known.has(key(name)));
  if (unknown.length) {
    throw new Error(
      `unknown benchmark name(s): ${unknown.map((n) => `"${n}"`).join(', ')}; known: ${entries.map((e) => `"${e.benchmark}"`).join(', ')}`,
    );
  }
  const wanted = new Set(only.map(key));
  return entries.filter((entry) => wanted.has(key(entry.benchmark)));
}
const adminUrlSetting = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (message: string) => process.stderr.write(`${message}\n`);

async function postgresVersion(url: string): Promise<string | null> {
  const handle = createDb({ databaseUrl: url, poolSize: 1 });
  try {
    const { rows } = await sql<{ version: string }>`select version() as version`.execute(handle.db);
    return rows[0]?.version ?? null;
  } catch (error) {
    log(`No PostgreSQL at ${redact(url)}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await handle.close();
  }
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Databases created and not yet dropped, so an interrupted run (Ctrl+C, a CI timeout) leaves none behind. */
const liveDatabases = new Set<BenchDatabase>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: dropping ${liveDatabases.size} bench database(s)`);
    void Promise.allSettled([...liveDatabases].map((database) => database.drop())).then(() => process.exit(130));
  });
}

async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `portal_bench_${randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database: BenchDatabase = {
    url: url.toString(),
    async drop() {
      const dropper = createDb({ databaseUrl: adminUrl, poolSize: 1 });
      try {
        await sql`drop database if exists ${sql.raw(name)} with (force)`.execute(dropper.db);
        liveDatabases.delete(database);
      } finally {
        await dropper.close();
      }
    },
  };
  const admin = createDb({ databaseUrl: adminUrl, poolSize: 1 });
  try {
    liveDatabases.add(database);
    await sql`create database ${sql.raw(name)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
  const handle = createDb({ databaseUrl: database.url, poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await database.drop().catch(() => {});
    throw error;
  }
  await handle.close();
  return database;
}

/** Benchmarks written in other areas' files; run when the file exists. */
const OPTIONAL_BENCHES = [
  { benchmark: 'Admin at scale', file: 'admin-scale.ts', exportName: 'runAdminScaleBench', needsPostgres: true },
  { benchmark: 'Accrual', file: 'accrual-bench.ts', exportName: 'runAccrualBench', needsPostgres: true },
  {
    benchmark: 'Payout Processor',
    file: 'payout-processor.ts',
    exportName: 'runPayoutProcessorBench',
    needsPostgres: true,
  },
  {
    benchmark: 'Client payments import',
    file: 'payments-import.ts',
    exportName: 'runPaymentsImportBench',
    needsPostgres: true,
  },
  { benchmark: 'Lighthouse', file: 'lighthouse.ts', exportName: 'runLighthouseBench', needsPostgres: false },
  {
    benchmark: 'Concurrent writers',
    file: 'concurrent-writers.ts',
    exportName: 'runConcurrentWritersBench',
    needsPostgres: true,
  },
] as const;

/** A benchmark whose tool is not installed is reported, not counted as a crash. */
class BenchUnavailable extends Error {}

interface BenchEntry {
  benchmark: string;
  needsPostgres: boolean;
  load: () => Promise<BenchFunction | null>;
}

const ENTRIES: BenchEntry[] = [
  { benchmark: 'API overhead', needsPostgres: true, load: async () => runApiOverheadBench },
  { benchmark: 'Sign-in', needsPostgres: true, load: async () => runSignInBench },
  ...OPTIONAL_BENCHES.map((optional) => ({
    benchmark: optional.benchmark,
    needsPostgres: optional.needsPostgres,
    load: async (): Promise<BenchFunction | null> => {
      const path = join(import.meta.dirname, optional.file);
      if (!existsSync(path)) return null;
      let module: Record<string, unknown>;
      try {
        module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
          throw new BenchUnavailable(`a module it needs is not installed: ${(error as Error).message.split('\n')[0]}`);
        throw error;
      }
      const fn = module[optional.exportName];
      if (typeof fn !== 'function') throw new Error(`${optional.file} does not export ${optional.exportName}`);
      return fn as BenchFunction;
    },
  })),
  { benchmark: 'Memory', needsPostgres: true, load: async () => runMemoryBench },
  { benchmark: 'Web size', needsPostgres: false, load: async () => runWebSizeBench },
];

const STATUSES: FigureStatus[] = ['met', 'gap', 'info', 'not available'];

/** Takes what a benchmark returned (figures, or a looser shape from another area) as report lines. */
export function toFigures(benchmark: string, result: unknown): BenchFigure[] {
  const list = Array.isArray(result)
    ? result
    : result && typeof result === 'object' && Array.isArray((result as { figures?: unknown }).figures)
      ? (result as { figures: unknown[] }).figures
      : null;
  if (typeof result === 'string') return [{ benchmark, figure: 'result', value: result, status: 'info' }];
  if (!list) {
    if (result && typeof result === 'object') {
      return Object.entries(result).map(([figure, value]) => ({
        benchmark,
        figure,
        value: typeof value === 'string' ? value : JSON.stringify(value),
        status: 'info' as const,
      }));
    }
    return [{ benchmark, figure: 'result', value: String(result), status: 'info' }];
  }
  return list.map((item): BenchFigure => {
    if (!item || typeof item !== 'object') return { benchmark, figure: 'result', value: String(item), status: 'info' };
    const raw = item as Record<string, unknown>;
    const text = (value: unknown) =>
      value === undefined || value === null
        ? undefined
        : typeof value === 'string'
          ? value
          : typeof value === 'number'
            ? String(Number(value.toFixed(3)))
            : JSON.stringify(value);
    const figure = text(raw.figure ?? raw.name ?? raw.label ?? raw.metric) ?? 'result';
    const unit = text(raw.unit);
    const value = text(raw.value ?? raw.median ?? raw.result) ?? '';
    let status: FigureStatus = 'info';
    if (typeof raw.status === 'string' && (STATUSES as string[]).includes(raw.status))
      status = raw.status as FigureStatus;
    else if (typeof raw.met === 'boolean') status = raw.met ? 'met' : 'gap';
    return {
      benchmark: text(raw.benchmark) ?? benchmark,
      figure,
      value: unit && !value.endsWith(unit) ? `${value} ${unit}` : value,
      target: text(raw.target),
      status,
      note: text(raw.note ?? raw.notes ?? raw.explanation),
    };
  });
}

function versionOf(packageDir: string): string {
  try {
    return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

const cell = (value: string | undefined) => (value ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
const RESULT_LABEL: Record<FigureStatus, string> = {
  met: '✅ met',
  gap: '❌ gap',
  info: 'measured',
  'not available': 'not available',
};

function renderReport(
  figures: BenchFigure[],
  meta: {
    date: Date;
    postgres: string | null;
    durationS: number;
    crashes: string[];
    loadBefore: number;
    loadAfter: number;
    only: string[] | null;
  },
): string {
  const cpuList = cpus();
  const busy = Math.max(meta.loadBefore, meta.loadAfter) > cpuList.length;
  const repo = resolve(benchDir, '..');
  const lines = [
    '# Benchmark report',
    '',
    `Measured by \`pnpm bench${quick ? ' --quick' : ''}${meta.only ? ` --only "${meta.only.join(',')}"` : ''}\` on ${meta.date.toISOString()} in one run of ${meta.durationS.toFixed(0)} s.`,
    meta.only ? `\n**Partial run**: only ${meta.only.join(', ')}; the other benchmarks are in bench/REPORT.md.` : '',
    'Rerun every figure with `pnpm build && pnpm bench` (PostgreSQL from `BENCH_DATABASE_URL`, default',
    '`postgres://postgres@127.0.0.1:5432/postgres`; each benchmark gets a fresh database that is dropped afterwards).',
    quick ? '\n**Quick mode**: short runs that only keep the benchmarks working; figures are indicative.' : '',
    'Where the API time goes (CPU profile) and its notes: `bench/profile-report.md`.',
    '',
    '## Machine',
    '',
    `- CPU: ${cpuList[0]?.model ?? 'unknown'} × ${cpuList.length} (${arch()})`,
    `- Memory: ${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- OS: ${osType()} ${release()}`,
    `- Load average (1 min) before / after the run: ${meta.loadBefore.toFixed(1)} / ${meta.loadAfter.toFixed(1)}${busy ? ' — **the machine was busy with other work: throughputs are low and ratios noisy; rerun on an idle machine**' : ''}`,
    '',
    '## Versions',
    '',
    `- Node.js ${process.version}`,
    `- PostgreSQL: ${meta.postgres ?? 'not available'}`,
    `- Fastify ${versionOf(join(repo, 'apps/api/node_modules/fastify'))}, tRPC ${versionOf(join(repo, 'apps/api/node_modules/@trpc/server'))}, Kysely ${versionOf(join(repo, 'apps/api/node_modules/kysely'))}, argon2 ${versionOf(join(repo, 'apps/api/node_modules/argon2'))}`,
    '',
    '## Figures',
    '',
    'Throughputs are medians over rounds; "÷" rows are ratios of medians measured side by side in this run.',
    '',
    '| Benchmark | Figure | Value | Target | Result | How / why |',
    '| --- | --- | --- | --- | --- | --- |',
    ...figures.map(
      (f) =>
        `| ${cell(f.benchmark)} | ${cell(f.figure)} | ${cell(f.value)} | ${cell(f.target ?? '—')} | ${RESULT_LABEL[f.status]} | ${cell(f.note)} |`,
    ),
    '',
  ];
  if (meta.crashes.length) lines.push('## Crashes', '', ...meta.crashes.map((c) => `- ${c}`), '');
  return lines.filter((line, i, all) => !(line === '' && all[i - 1] === '')).join('\n');
}

async function main() {
  let only: string[] | null;
  let entries: BenchEntry[];
  try {
    only = parseOnly(process.argv.slice(2));
    entries = selectEntries(ENTRIES, only);
  } catch (error) {
    log(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const date = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const postgres = await postgresVersion(adminUrlSetting);
  const adminUrl = postgres ? adminUrlSetting : null;
  log(`bench${quick ? ' --quick' : ''}: PostgreSQL ${postgres ? 'at ' + redact(adminUrlSetting) : 'not available'}`);

  const figures: BenchFigure[] = [];
  const crashes: string[] = [];
  for (const entry of entries) {
    let database: BenchDatabase | null = null;
    try {
      const fn = await entry.load();
      if (!fn) {
        figures.push({
          benchmark: entry.benchmark,
          figure: '—',
          value: 'not available',
          status: 'not available',
          note: 'its benchmark file is not in the repository yet',
        });
        continue;
      }
      if (entry.needsPostgres && !adminUrl) {
        figures.push(notMeasured(entry.benchmark, '—', 'needs PostgreSQL (BENCH_DATABASE_URL)'));
        continue;
      }
      if (entry.needsPostgres && adminUrl) database = await createBenchDatabase(adminUrl);
      const extraDatabases: BenchDatabase[] = [];
      const ctx: BenchContext = {
        quick,
        databaseUrl: database?.url ?? null,
        adminUrl,
        async createDatabase() {
          if (!adminUrl) throw new Error('no PostgreSQL for the benchmark (BENCH_DATABASE_URL)');
          const extra = await createBenchDatabase(adminUrl);
          extraDatabases.push(extra);
          return extra;
        },
        log,
      };
      log(`— ${entry.benchmark}`);
      try {
        figures.push(...toFigures(entry.benchmark, await fn(ctx)));
      } finally {
        for (const extra of extraDatabases) await extra.drop().catch(() => {});
      }
    } catch (error) {
      if (error instanceof BenchUnavailable) {
        figures.push(notMeasured(entry.benchmark, '—', error.message));
        continue;
      }
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`${entry.benchmark} crashed: ${message}`);
      crashes.push(`${entry.benchmark}: ${error instanceof Error ? error.message : String(error)}`);
      figures.push({
        benchmark: entry.benchmark,
        figure: '—',
        value: 'crashed',
        status: 'not available',
        note: error instanceof Error ? error.message : String(error),
      });
    } finally {
      if (database)
        await database.drop().catch((error: unknown) => log(`could not drop a bench database: ${String(error)}`));
    }
  }

  const report = renderReport(figures, {
    date,
    postgres,
    durationS: (performance.now() - started) / 1000,
    crashes,
    loadBefore,
    loadAfter: loadavg()[0] ?? 0,
    only,
  });
  // A partial run never replaces the committed report.
  const target = only
    ? join(benchDir, '.data', 'REPORT-only.md')
    : quick
      ? join(benchDir, '.data', 'REPORT-quick.md')
      : join(benchDir, 'REPORT.md');
  mkdirSync(join(target, '..'), { recursive: true });
  writeFileSync(target, report);
  process.stdout.write(`${report}\n`);
  log(`Report written to ${target}`);
  if (crashes.length) {
    log(`${crashes.length} benchmark(s) crashed`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
