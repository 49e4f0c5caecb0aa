// The hottest lookups of the request path — the signed-in user (every request with a session) and a
// partner user's partner row (every partner call) — built and compiled by Kysely once per database
// handle instead of on every call (API overhead: building and compiling a query was a tenth
// of a call's CPU). The SQL and the plugins are the same (the camelCase mapping of the rows runs when
// the query executes); each call sends its own id as the one parameter.

import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Compiled in the id's place, then swapped for the real id; never sent. */
const PLACEHOLDER = '00000000-0000-4000-8000-000000000000';

/** A one-row lookup by an id, compiled on first use per handle (a transaction compiles its own once). */
export function preparedLookup<DB, Row>(build: (db: Kysely<DB>, id: string) => Compilable<Row>) {
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<Row>>();
  return async (db: Kysely<DB>, id: string): Promise<Row | undefined> => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, PLACEHOLDER).compile();
      if (query.parameters.length !== 1 || query.parameters[0] !== PLACEHOLDER)
        throw new Error('a prepared lookup takes exactly one parameter: the id');
      compiled.set(db, query);
    }
    const { rows } = await db.executeQuery<Row>({ ...query, parameters: [id] });
    return rows[0];
  };
}
