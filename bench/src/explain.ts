// EXPLAIN (ANALYZE, BUFFERS) of the SQL a request sends: the request runs once through the portal
// (app.inject) with its queries recorded (portal.ts), then each statement is explained with its
// parameters. Used by the admin-scale benchmark for every figure that misses its target,
// and alone: `tsx bench/src/explain.ts <postgres-url> <admin|partner> <path>...` on a seeded database.

import { pathToFileURL } from 'node:url';
import { CompiledQuery } from 'kysely';
import { busiestPartnerToken, seedAdminToken, withPortal, type RunningPortal } from './portal';

export interface ExplainedQuery {
  sql: string;
  plan: string;
}

/** Runs `path` once as the holder of `headers` and explains every statement it sent (reads only: writes are skipped). */
export async function explainRequest(
  portal: RunningPortal,
  path: string,
  headers: Record<string, string>,
): Promise<ExplainedQuery[]> {
  const { queries } = await portal.capture(() => portal.app.inject({ method: 'GET', url: path, headers }));
  const explained: ExplainedQuery[] = [];
  for (const query of queries) {
    if (!/^\s*(select|with)\b/i.test(query.sql)) continue;
    const result = await portal.rawDb.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
    );
    explained.push({ sql: query.sql, plan: result.rows.map((row) => row['QUERY PLAN']).join('\n') });
  }
  return explained;
}

export function explainMarkdown(title: string, explained: ExplainedQuery[]): string {
  return [`### ${title}`, '', ...explained.flatMap((q) => ['```sql', q.sql, '```', '', '```', q.plan, '```', ''])].join(
    '\n',
  );
}

async function main() {
  const [url, who, ...paths] = process.argv.slice(2);
  if (!url || !who || paths.length === 0)
    throw new Error('usage: tsx bench/src/explain.ts <postgres-url> <admin|partner> <path>...');
  await withPortal(url, async (portal) => {
    const token = who === 'admin' ? await seedAdminToken(portal.deps) : await busiestPartnerToken(portal.deps);
    for (const path of paths)
      process.stdout.write(
        `${explainMarkdown(`GET ${path}`, await explainRequest(portal, path, { authorization: `Bearer ${token}` }))}\n`,
      );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
