// Times the searched lists (the affiliates search and the Deal Pipeline search, migration
// 0017-trigram-search) on an already seeded PostgreSQL database, over HTTP as an admin: median and p95
// of each path, with terms long enough for the trigram indexes and the 1–2 character ones that are not.
// Usage: tsx bench/src/search-timing.ts <postgres-url> [samples]   (seed first with seed-scale.ts)

import { pathToFileURL } from 'node:url';
import { seedAdminToken, withPortal } from './portal';
import { fmt, median, percentile } from './stats';

/** The seed's names: "Acme Ledger LLC 17", "Client 1230 Store" (booked), "owner12350@client.example", "partner000017@scale.example". */
export const SEARCH_PATHS = [
  '/api/admin/partners?search=acme&sort=-currentMrr&limit=25&offset=25',
  '/api/admin/partners?search=partner01234&sort=-currentMrr&limit=25',
  '/api/admin/partners?search=Ledger%20Inc%201200&limit=25',
  '/api/admin/partners?search=zzz-none&limit=25',
  '/api/admin/partners?search=ac&sort=-currentMrr&limit=25',
  '/api/admin/partners?search=7&sort=-currentMrr&limit=25',
  '/api/admin/pipeline/booked?search=Client%201230%20Store',
  '/api/admin/pipeline/booked?search=owner12350@',
  '/api/admin/pipeline/booked?search=Lumen%20Media',
  '/api/admin/pipeline/booked?search=zzz-none',
  '/api/admin/pipeline/booked?search=12',
  '/api/admin/pipeline/booked?search=7',
];

async function main() {
  const [url, samplesArg] = process.argv.slice(2);
  if (!url) throw new Error('usage: tsx bench/src/search-timing.ts <postgres-url> [samples]');
  const samples = Number(samplesArg ?? 30);
  await withPortal(url, async (portal) => {
    const headers = { authorization: `Bearer ${await seedAdminToken(portal.deps)}` };
    for (const path of SEARCH_PATHS) {
      const times: number[] = [];
      let total = '';
      for (let i = 0; i < samples + 3; i++) {
        const started = performance.now();
        const res = await fetch(`${portal.baseUrl}${path}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path} answered ${res.status}`);
        total = res.headers.get('x-total-count') ?? '';
        if (i >= 3) times.push(performance.now() - started); // the first three warm plans and buffers
      }
      process.stdout.write(
        `${path}  total ${total}  median ${fmt(median(times), 1)} ms  p95 ${fmt(percentile(times, 95), 1)} ms\n`,
      );
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
