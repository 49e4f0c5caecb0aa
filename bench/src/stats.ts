// Small statistics for benchmark samples.

import type { BenchFigure, TimedFigure } from './types';

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Nearest-rank percentile, p in (0, 100]. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';

/** The report line for a run of timings against a median target ("info" when the target only guides). */
export function latencyFigure(
  benchmark: string,
  name: string,
  times: readonly number[],
  targetMs: number,
  note: string,
  informational = false,
): TimedFigure {
  const medianMs = median(times);
  const p95Ms = percentile(times, 95);
  return {
    name,
    medianMs,
    p95Ms,
    targetMs,
    benchmark,
    figure: `${name}: median (p95)`,
    value: `${fmt(medianMs, 1)} ms (p95 ${fmt(p95Ms, 1)} ms)`,
    target: `median < ${fmt(targetMs)} ms`,
    status: informational ? 'info' : medianMs < targetMs ? 'met' : 'gap',
    note,
  };
}

/** The report line of a figure that was not measured, with the reason. */
export function notMeasured(benchmark: string, figure: string, note: string): BenchFigure {
  return { benchmark, figure, value: 'not measured', status: 'not available', note };
}
