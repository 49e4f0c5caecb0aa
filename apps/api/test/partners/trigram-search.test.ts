// Trigram search (migration 0017): pg_trgm and its GIN indexes exist on both engines, the
// affiliates and pipeline searches read them (EXPLAIN over a few thousand generated rows), and the
// results stay those of a plain filter of the same rows, tricky terms included.

import type { TestDatabase } from '@portal/db/testing';
import { CompiledQuery, PostgresQueryCompiler, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPartners, streamPartners } from '../../src/services/partners';
import { listAllReferrals, listPipelineColumn } from '../../src/services/referrals';
import { createTestDatabase } from '../support';

const PARTNERS = 3000;
const REFERRALS = 12000;
const TRIGRAM_INDEXES = [
  'partners_search_text_trgm_idx',
  'partners_company_name_trgm_idx',
  'users_email_trgm_idx',
  'referrals_client_company_name_trgm_idx',
  'referrals_client_email_trgm_idx',
];

// Hand-written rows among the generated ones: wildcards, a backslash, mixed case.
const TRICKY = [
  {
    company: '100% Growth',
    contact: 'Percy Cent',
    email: 'percent@tricky.example',
    client: 'Under_Score Ltd',
    clientEmail: 'under_score@client.example',
  },
  {
    company: '100 Growth',
    contact: 'Nora Plain',
    email: 'plain@tricky.example',
    client: 'UnderXScore Ltd',
    clientEmail: 'underxscore@client.example',
  },
  {
    company: 'Back\\Slash Co',
    contact: 'Bea Slash',
    email: 'back.slash@tricky.example',
    client: 'Dir\\Path Inc',
    clientEmail: null,
  },
  {
    company: 'MiXeD CaSe Advisors',
    contact: 'Quinn Zed',
    email: 'mixed@tricky.example',
    client: 'QuIrKy Clients',
    clientEmail: 'Quirky@Client.Example',
  },
];

let db: TestDatabase;
let partners: { id: string; email: string; searchText: string; companyName: string; currentMrr: string }[];
let referrals: {
  id: string;
  stage: string;
  partnerId: string;
  clientCompanyName: string;
  clientEmail: string | null;
  createdAt: Date;
  partnerCompanyName: string;
}[];

beforeAll(async () => {
  db = await createTestDatabase();
  // Generated partners "Acme Ledger 15" / "Harbor Ledger 16" … with distinct MRRs, four referrals each (a tenth booked).
  await sql`
    insert into users (email, password_hash, role)
    select 'partner' || lpad(n::text, 5, '0') || '@gen.example', '!unusable', 'partner' from generate_series(1, ${PARTNERS}) n
  `.execute(db.db);
  await sql`
    insert into partners (user_id, company_name, contact_name, company_type, referral_code, status, current_mrr)
    select u.id, (array['Acme','Harbor','Cedar','Summit','Lumen'])[1 + n % 5] || ' ' || (array['Ledger','Works','Media'])[1 + (n / 5) % 3] || ' ' || n,
           'Contact ' || n, 'agency', 'GEN-' || lpad(n::text, 5, '0'), case when n % 4 = 0 then 'pending' else 'active' end, (n * 3 % 1000 + n / 1000.0)::numeric(10, 2)
    from generate_series(1, ${PARTNERS}) n join users u on u.email = 'partner' || lpad(n::text, 5, '0') || '@gen.example'
  `.execute(db.db);
  await sql`
    insert into referrals (partner_id, client_company_name, client_email, service_type, monthly_value, commission_amount, stage, created_at)
    select p.id, 'Client ' || i || ' Store', case when i % 10 = 0 then null else 'owner' || i || '@client.example' end, 'basic_accounting', 500, 50,
           case when i % 10 = 0 then 'booked' else (array['qualified','proposal','won','lost'])[1 + i % 4] end, timestamptz '2025-01-01' + i * interval '1 hour'
    from generate_series(1, ${REFERRALS}) i join partners p on p.referral_code = 'GEN-' || lpad((1 + i % ${PARTNERS})::text, 5, '0')
  `.execute(db.db);
  for (const [i, row] of TRICKY.entries()) {
    const user = await db.db
      .insertInto('users')
      .values({ email: row.email, passwordHash: '!unusable', role: 'partner' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const partner = await db.db
      .insertInto('partners')
      .values({
        userId: user.id,
        companyName: row.company,
        contactName: row.contact,
        companyType: 'agency',
        referralCode: `TRICKY-${i}`,
        status: 'active',
        currentMrr: `${2000 + i}.00`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.db
      .insertInto('referrals')
      .values({
        partnerId: partner.id,
        clientCompanyName: row.client,
        clientEmail: row.clientEmail,
        serviceType: 'controller',
        monthlyValue: '900.00',
        commissionAmount: '100.00',
        stage: 'booked',
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })
      .execute();
  }
  // Vacuum too: it moves the rows written since the GIN indexes were built out of their pending
  // lists, which the planner otherwise prices as a scan of every such row (autovacuum does it in use).
  await sql`vacuum analyze`.execute(db.db);

  partners = await db.db
    .selectFrom('partners')
    .innerJoin('users', 'users.id', 'partners.userId')
    .select(['partners.id', 'users.email', 'partners.searchText', 'partners.companyName', 'partners.currentMrr'])
    .execute();
  referrals = await db.db
    .selectFrom('referrals')
    .innerJoin('partners', 'partners.id', 'referrals.partnerId')
    .select([
      'referrals.id',
      'referrals.stage',
      'referrals.partnerId',
      'referrals.clientCompanyName',
      'referrals.clientEmail',
      'referrals.createdAt',
      'partners.companyName as partnerCompanyName',
    ])
    .execute();
}, 120_000);
afterAll(async () => {
  await db?.close();
});

/** Runs `work` and returns the longest statement it sent (the one holding the search), compiled with its parameters. */
async function statementOf(work: (recording: TestDatabase['db']) => Promise<unknown>): Promise<CompiledQuery> {
  const compiler = new PostgresQueryCompiler();
  const sent: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      sent.push(compiler.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await work(db.db.withPlugin(recorder));
  const longest = sent.filter((q) => /^\s*select/i.test(q.sql)).sort((a, b) => b.sql.length - a.sql.length)[0];
  if (!longest) throw new Error('no statement was sent');
  return longest;
}

async function planOf(query: CompiledQuery): Promise<string> {
  const result = await db.db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

const byMrrDesc = (a: { currentMrr: string; id: string }, b: { currentMrr: string; id: string }) =>
  Number(b.currentMrr) - Number(a.currentMrr) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const byNewest = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe('trigram indexes (migration 0017)', () => {
  it('has pg_trgm and a GIN trigram index on each searched column after migrating', async () => {
    const extension = await sql<{
      extname: string;
    }>`select extname from pg_extension where extname = 'pg_trgm'`.execute(db.db);
    expect(extension.rows).toHaveLength(1);
    const indexes = await sql<{
      indexname: string;
      indexdef: string;
    }>`select indexname, indexdef from pg_indexes where indexname = any(${TRIGRAM_INDEXES})`.execute(db.db);
    expect(indexes.rows.map((r) => r.indexname).sort()).toEqual([...TRIGRAM_INDEXES].sort());
    for (const index of indexes.rows) expect(index.indexdef).toMatch(/USING gin \(\w+ gin_trgm_ops\)/);
  });

  it('reads the trigram indexes for an affiliates search of three characters or more', async () => {
    const query = await statementOf((recording) =>
      listPartners(recording, { search: 'Ledger 123', sort: '-currentMrr', limit: 25, offset: 0 }),
    );
    const plan = await planOf(query);
    expect(plan).toContain('Bitmap Index Scan on partners_search_text_trgm_idx');
    expect(plan).toContain('Bitmap Index Scan on users_email_trgm_idx');
  });

  it('reads the trigram indexes for a pipeline column search', async () => {
    const page = await statementOf((recording) =>
      listPipelineColumn(recording, { stage: 'booked', search: 'Client 1230 Store', limit: 20 }),
    );
    const plan = await planOf(page);
    // The referral's own columns: both trigram indexes, or'ed. (The partner-name arm reads
    // partners_company_name_trgm_idx at scale; over 3,000 partners a sequential scan is cheaper.)
    expect(plan).toContain('Bitmap Index Scan on referrals_client_company_name_trgm_idx');
    expect(plan).toContain('Bitmap Index Scan on referrals_client_email_trgm_idx');
  });
});

const TERMS = [
  '%',
  '_',
  '\\',
  '100%',
  'under_score',
  'dir\\path',
  'MIXED case',
  'QUIRKY',
  'ner0012',
  '@tricky.example',
  'x',
  '7',
  'ac',
  'Ledger 12',
  'Client 123',
  'owner4@',
  'zzz nothing',
];

describe('affiliates search results', () => {
  it.each(TERMS)(
    '%j matches exactly the partners a plain filter finds, in the list order, with the total',
    async (term) => {
      const needle = term.toLowerCase();
      const expected = partners
        .filter((p) => p.searchText.includes(needle) || p.email.includes(needle))
        .sort(byMrrDesc);
      const first = await listPartners(db.db, { search: term, sort: '-currentMrr', limit: 100, offset: 0 });
      expect(first.total).toBe(expected.length);
      expect(first.items.map((p) => p.id)).toEqual(expected.slice(0, 100).map((p) => p.id));
      if (expected.length > 10) {
        // A later page: the same order, the same total beside it.
        const later = await listPartners(db.db, { search: term, sort: '-currentMrr', limit: 7, offset: 3 });
        expect(later.total).toBe(expected.length);
        expect(later.items.map((p) => p.id)).toEqual(expected.slice(3, 10).map((p) => p.id));
      }
    },
  );

  it('counts the matches when the page asked for is past the end', async () => {
    const past = await listPartners(db.db, { search: 'acme', sort: 'companyName', limit: 10, offset: 5000 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(partners.filter((p) => p.searchText.includes('acme')).length);
  });

  it('filters by status inside the search and streams the same rows', async () => {
    const active = await db.db.selectFrom('partners').select('id').where('status', '=', 'active').execute();
    const activeIds = new Set(active.map((p) => p.id));
    const expected = partners
      .filter((p) => activeIds.has(p.id) && (p.searchText.includes('harbor') || p.email.includes('harbor')))
      .sort(byMrrDesc);
    const page = await listPartners(db.db, {
      search: 'Harbor',
      status: 'active',
      sort: '-currentMrr',
      limit: 100,
      offset: 0,
    });
    expect(page.total).toBe(expected.length);
    expect(page.items.map((p) => p.id)).toEqual(expected.slice(0, 100).map((p) => p.id));
    const streamed: string[] = [];
    for await (const batch of streamPartners(db.db, {
      query: { search: 'Harbor', status: 'active', sort: '-currentMrr' },
      batchSize: 50,
    }))
      streamed.push(...batch.map((p) => p.id));
    expect(streamed).toEqual(expected.map((p) => p.id));
  });
});

describe('pipeline search results', () => {
  const matches = (term: string) => {
    const needle = term.toLowerCase();
    return (r: (typeof referrals)[number]) =>
      r.clientCompanyName.toLowerCase().includes(needle) ||
      (r.clientEmail ?? '').toLowerCase().includes(needle) ||
      r.partnerCompanyName.toLowerCase().includes(needle);
  };

  it.each(TERMS)(
    '%j finds in the booked column exactly what a plain filter finds, newest first, page by page',
    async (term) => {
      const expected = referrals.filter((r) => r.stage === 'booked' && matches(term)(r)).sort(byNewest);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const column = await listPipelineColumn(db.db, {
          stage: 'booked',
          search: term,
          limit: 100,
          ...(cursor ? { cursor } : {}),
        });
        expect(column.total).toBe(expected.length);
        seen.push(...column.items.map((r) => r.id));
        if (!column.nextCursor) break;
        cursor = column.nextCursor;
      }
      expect(seen).toEqual(expected.map((r) => r.id));
    },
  );

  it("limits a search to one partner's referrals", async () => {
    const partner = partners.find((p) => p.companyName === 'Acme Media 10');
    if (!partner) throw new Error('generated partner missing');
    const expected = referrals.filter((r) => r.partnerId === partner.id && matches('store')(r)).sort(byNewest);
    expect(expected.length).toBeGreaterThan(0);
    const list = await listAllReferrals(db.db, {
      partnerId: partner.id,
      search: 'store',
      sort: '-createdAt',
      limit: 50,
      offset: 0,
    });
    expect(list.total).toBe(expected.length);
    expect(list.items.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });
});
