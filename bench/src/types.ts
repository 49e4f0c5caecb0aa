// What every benchmark gives the runner, and what the runner gives every benchmark.

export type FigureStatus = 'met' | 'gap' | 'info' | 'not available';

/** One line of the report's table. */
export interface BenchFigure {
  /** Section, e.g. "API overhead". */
  benchmark: string;
  /** What was measured, e.g. "GET /api/partners/me ÷ bare route". */
  figure: string;
  /** Formatted result (median, ratio, p95 …). */
  value: string;
  /** Formatted target, when there is one. */
  target?: string;
  status: FigureStatus;
  /** Why a target was missed, how it was measured. */
  note?: string;
}

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

export interface BenchContext {
  /** --quick: short runs that only keep the benchmarks working (CI). */
  quick: boolean;
  /** A fresh, migrated PostgreSQL database for this benchmark (dropped by the runner afterwards); null without PostgreSQL. */
  databaseUrl: string | null;
  /** The PostgreSQL server URL the bench databases are created on; null without PostgreSQL. */
  adminUrl: string | null;
  /** Another fresh, migrated database; the caller drops it. */
  createDatabase(): Promise<BenchDatabase>;
  /** Progress line on stderr. */
  log(message: string): void;
}

/** What a benchmark on PostgreSQL needs of the runner's context; run alone, it may go without the log. */
export type PostgresBenchOptions = Pick<BenchContext, 'databaseUrl' | 'quick'> & Partial<Pick<BenchContext, 'log'>>;

export type BenchFunction = (ctx: BenchContext) => Promise<unknown>;

/** A latency figure: the runner's report line plus the timings a benchmark's own summary prints. */
export interface TimedFigure extends BenchFigure {
  name: string;
  medianMs: number;
  p95Ms: number;
  targetMs: number;
  target: string;
  note: string;
}
