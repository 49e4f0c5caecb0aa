// The API's side of the server-rendered public pages (src/web-pages.ts) with a stand-in
// for the web build's server entry: `/` is the prerendered file with its inline script allowed by
// hash, and `/r/{code}` is rendered with the partner the code names (none for an unknown or
// inactive code). The real rendering and hydration are covered in e2e/test/public-pages.test.ts.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withWebApp, type TestApp } from '../support';
import { writeFakeWebBuild } from '../support/web-build';

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'portal-ssr-'));
  t = await createTestApp({ WEB_DIST: writeFakeWebBuild(root), SCHEDULING_URL: 'https://book.example.com/call' });
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

function rendered(body: string): {
  url: string;
  data: {
    schedulingUrl?: string;
    referral?: { code: string; companyName: string; referralCode: string };
    unknownReferralCode?: boolean;
  };
} {
  const match = /<div id="root" data-ssr="1">(.*)<\/div>/.exec(body);
  if (!match?.[1]) throw new Error(`not rendered: ${body}`);
  return JSON.parse(match[1]) as never;
}

describe('server-rendered public pages (API side)', () => {
  it('/ is the prerendered landing page, no-cache, its inline script allowed by hash only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Earn recurring commissions');
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
  });

  it('/r/{code} renders with the active partner the code names, the scheduling address and the query', async () => {
    const partner = await t.createPartner({ companyName: '<b>Bold</b> & Co' });
    const res = await t.app.inject({ method: 'GET', url: `/r/${partner.referralCode}?utm_campaign=Spring` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<style>body{margin:0}</style>');
    const page = rendered(res.body);
    expect(page.url).toBe(`/r/${partner.referralCode}?utm_campaign=Spring`);
    expect(page.data).toEqual({
      schedulingUrl: 'https://book.example.com/call',
      referral: { code: partner.referralCode, companyName: '<b>Bold</b> & Co', referralCode: partner.referralCode },
    });
    // ?ref= names the code, as on the page itself; /partners/{code} is the same page.
    const byRef = await t.app.inject({ method: 'GET', url: `/partners/ANY-CODE?ref=${partner.referralCode}` });
    expect(rendered(byRef.body).data.referral?.companyName).toBe('<b>Bold</b> & Co');
  });

  it('/r/{code} is sent compressed when the browser accepts it: brotli first, then gzip, else as is', async () => {
    const partner = await t.createPartner();
    const url = `/r/${partner.referralCode}`;
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // The policy with the inline script's hash travels with the compressed page too.
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  it('an unknown or inactive code renders the page without a referrer, saying the code is no active partner’s', async () => {
    const inactive = await t.createPartner({ status: 'suspended' });
    for (const code of ['NOPE-0000', inactive.referralCode]) {
      const res = await t.app.inject({ method: 'GET', url: `/r/${code}` });
      expect(res.statusCode).toBe(200);
      expect(rendered(res.body).data).toEqual({
        schedulingUrl: 'https://book.example.com/call',
        unknownReferralCode: true,
      });
    }
  });

  it('other paths still get the SPA shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/partners' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('the web app', () => {
  it('serves deep links the SPA shell with no-cache, and unknown API paths a JSON 404', async () => {
    await withWebApp(async (web) => {
      const deep = await web.app.inject({ method: 'GET', url: '/admin/anything?x=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['content-type']).toMatch(/text\/html/);
      expect(deep.headers['cache-control']).toBe('no-cache');
      expect(deep.body).toContain('<div id="root">');
      const api = await web.app.inject({ method: 'GET', url: '/api/missing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
    });
  });
});
