// Reading a whole list in keyset batches: each batch is its own short query that continues after
// the last row of the one before (sort key, then id), so no connection or cursor is held between
// batches (PGlite has a single one) and memory holds one batch at a time, at any list size.

import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/** Rows per query when a list is read whole. */
export const STREAM_BATCH_SIZE = 1000;

export interface KeysetOrder {
  /** The list's sort expression, exactly as in its ORDER BY (never null). */
  key: RawBuilder<unknown>;
  /** The SQL type of `key`, to read the cursor's text form back losslessly. */
  type: 'text' | 'timestamptz' | 'numeric';
  /** The row's uuid id, the tie-breaker. */
  id: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
}

export interface KeysetCursor {
  key: string;
  id: string;
}

/** The sort key as text, selected beside each row so the next batch can start after it. */
export const keysetKey = (order: KeysetOrder) => sql<string>`${order.key}::text`.as('keysetKey');

/** Rows after `cursor` in the list's order: a row comparison an index on (key, id) can walk. */
export function afterCursor(order: KeysetOrder, cursor: KeysetCursor) {
  const comparison = order.direction === 'asc' ? sql`>` : sql`<`;
  return sql<boolean>`(${order.key}, ${order.id}) ${comparison} (cast(${cursor.key} as ${sql.raw(order.type)}), cast(${cursor.id} as uuid))`;
}

/**
 * `query` in `order`, continuing after `cursor` (from the start when null), at most `size` rows, each
 * with its `keysetKey`: one batch of a list read whole, or one page a client continues with a cursor.
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { order, cursor, size }: { order: KeysetOrder; cursor: KeysetCursor | null; size: number },
): SelectQueryBuilder<DB, TB, O & { keysetKey: string }> {
  return (cursor ? query.where(afterCursor(order, cursor)) : query)
    .select(keysetKey(order))
    .$castTo<O & { keysetKey: string }>()
    .orderBy(order.key, order.direction)
    .orderBy(order.id, order.direction)
    .limit(size);
}

/** Yields every row of `query` in `order`, batch by batch, each row with its `keysetKey`. */
export async function* keysetBatches<DB, TB extends keyof DB, O extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: KeysetOrder,
  size = STREAM_BATCH_SIZE,
): AsyncGenerator<Array<O & { keysetKey: string }>> {
  let cursor: KeysetCursor | null = null;
  for (;;) {
    const rows = await keysetPage(query, { order, cursor, size }).execute();
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    cursor = { key: last.keysetKey, id: last.id };
  }
}

/** Every row of `query` in `order`, batch by batch (see keysetBatches), each row as `toItem` makes it. */
export async function* mappedBatches<DB, TB extends keyof DB, O extends { id: string }, T>(
  query: SelectQueryBuilder<DB, TB, O>,
  { order, toItem, size }: { order: KeysetOrder; toItem: (row: O & { keysetKey: string }) => T; size?: number },
): AsyncGenerator<T[]> {
  for await (const rows of keysetBatches(query, order, size)) yield rows.map((row) => toItem(row));
}

/** A cursor a client hands back for the next page: opaque text (base64url of the sort key and id). */
export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

/** The cursor a client sent, or null when it is not one this server wrote (the caller answers 400). */
export function decodeCursor(text: string): KeysetCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [key, id] = value as unknown[];
    if (typeof key !== 'string' || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id) || key.length > 100)
      return null;
    return { key, id };
  } catch {
    return null;
  }
}
