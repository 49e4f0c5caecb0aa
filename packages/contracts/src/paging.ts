// The query fields of an offset-paged list and the page it answers; every paged list takes the same
// `limit` (1 to MAX_PAGE_SIZE) and `offset`, so REST answers each with X-Total-Count and Link alike.

import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';

/** `limit`: rows per page, `fallback` when none is sent. */
export const pageLimitField = (fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(fallback);

/** `offset`: rows skipped before the page. */
export const pageOffsetField = z.coerce
  .number({ error: 'offset must be a whole number' })
  .int('offset must be a whole number')
  .min(0, 'offset must be at least 0')
  .max(10_000_000, 'offset must be at most 10000000')
  .default(0);

/** One page of a list: its rows, how many match across all pages, and the limit and offset it was read with. */
export const pageOutputOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });

/** The page a service answers (see pageOutputOf). */
export interface OffsetPage<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
