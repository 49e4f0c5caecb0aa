// The public pages arrive as HTML with their content (`/` prerendered, `/r/{code}`
// rendered per request) and the browser hydrates them without a mismatch.

import { beforeAll, describe, expect, it } from 'vitest';
import { partnerSeed } from '../src/api-client';
import { MOBILE, usePortal } from '../src/harness';
import { gotoInteractive } from '../src/page-checks';

const journey = usePortal();
const PARTNER = partnerSeed('ssr-partner@e2e.test', '<script>alert("x")</script> & Sons', 'Sam Server');
let partnerToken: string;
let referralCode: string;

beforeAll(async () => {
  const created = await journey.api().createPartnerAsAdmin(PARTNER);
  partnerToken = created.token;
  referralCode = created.referralCode;
});

async function html(path: string): Promise<{ status: number; text: string; csp: string }> {
  const res = await fetch(`${journey.portal.baseUrl}${path}`);
  return { status: res.status, text: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
}

async function visitsThisMonth(): Promise<number> {
  const res = await journey
    .api()
    .call<{ linkVisitsThisMonth: number }>('GET', '/api/partners/metrics', undefined, partnerToken);
  return res.body.linkVisitsThisMonth;
}

describe('server-rendered public pages', () => {
  it('/ arrives prerendered: the headline and the buttons are in the HTML, with Mantine’s styles', async () => {
    const page = await html('/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root" data-ssr="1">');
    expect(page.text).toContain('Earn recurring commissions for every business you refer');
    expect(page.text).toContain('Create Partner Account');
    expect(page.text).toContain('.m_7485cace{');
    expect(page.text).not.toMatch(/<link rel="stylesheet"/);
  });

  it('the page’s JavaScript comes in a handful of files: React DOM and the page each in one chunk', async () => {
    // A phone pays for every module request in the loader's task (apps/web/vite.config.ts publicPageGroups):
    // split automatically, the page needed ~30 files.
    const page = await html('/');
    const boot = /<script type="application\/json" id="portal-boot-assets">([\s\S]*?)<\/script>/.exec(page.text)?.[1];
    const assets = JSON.parse(boot ?? '{}') as { entry?: string; preload?: string[] };
    expect(assets.entry).toMatch(/^\/assets\/public-[\w-]+\.js$/);
    expect(assets.preload?.length).toBeLessThanOrEqual(5);
    expect(assets.preload).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/public-react-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/public-page-[\w-]+\.js$/),
      ]),
    );
    for (const path of [assets.entry, ...(assets.preload ?? [])])
      expect((await fetch(`${journey.portal.baseUrl}${path}`)).status).toBe(200);
  });

  it('/r/{code} names the partner in the HTML, escaped (a name with markup renders as text)', async () => {
    const page = await html(`/r/${referralCode}?utm_campaign=${encodeURIComponent('<b>Spring</b>')}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons recommends');
    expect(page.text).not.toContain('<script>alert(');
    expect(page.text).toContain('Referred by &lt;b&gt;Spring&lt;/b&gt;');
    expect(page.text).toContain(referralCode);
    // The inline scripts (Mantine's colour scheme, the first-tap recorder, the boot loader) are allowed by
    // their hashes; script-src has no 'unsafe-inline'.
    expect(page.csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(page.csp).not.toContain("'unsafe-inline' 'sha256");
  });

  it('an unknown code renders the page without a referrer', async () => {
    const page = await html('/r/NOPE-0000');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Partner Referral');
    expect(page.text).toContain('NOPE-0000');
    expect(page.text).not.toContain('recommends');
    expect(page.text).not.toContain('Referred by');
  });

  for (const path of ['/', '/r/{code}?utm_source=news&utm_medium=email&utm_campaign=Spring']) {
    it(`${path} hydrates in Chromium without console errors, and a visit counts once`, async () => {
      const before = await visitsThisMonth();
      const { page, context } = await journey.newPage(MOBILE);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      const referral = path.startsWith('/r/');
      const visit = referral ? page.waitForResponse((res) => res.url().includes('public.recordVisit')) : null;
      await gotoInteractive(page, `${journey.portal.baseUrl}${path.replace('{code}', referralCode)}`);
      if (visit) expect((await visit).status()).toBe(200);
      // Hydrated: the page reacts (the theme toggle on `/`, a service card's selection on `/r/`).
      if (referral) {
        await page.getByTestId('select-cfo').click();
        await page.waitForFunction(
          () => document.querySelector('[data-testid="service-cfo"]')?.getAttribute('data-selected') === 'true',
        );
        expect(await page.getByTestId('referral-footer').textContent()).toContain(PARTNER.companyName);
        const popup = context.waitForEvent('page');
        await context.route('https://schedule.example.com/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: 'ok' }),
        );
        await page.getByRole('link', { name: 'Schedule Free Consultation' }).click();
        const opened = await popup;
        await opened.waitForURL(/schedule\.example\.com/);
        expect(Object.fromEntries(new URL(opened.url()).searchParams)).toMatchObject({
          ref: referralCode,
          service: 'cfo',
          utm_source: 'news',
          utm_medium: 'email',
          utm_campaign: 'Spring',
          utm_content: referralCode,
          utm_term: 'cfo',
        });
      } else {
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.getByRole('dialog').waitFor();
      }
      expect(problems).toEqual([]);
      expect(await visitsThisMonth()).toBe(before + (referral ? 1 : 0));
      await context.close();
    });
  }

  it('/ at 390 px leaves no highlight card alone in half a row: the odd last one takes the whole row', async () => {
    const { page, context } = await journey.newPage(MOBILE);
    await gotoInteractive(page, `${journey.portal.baseUrl}/`);
    const cards = await page
      .locator('[aria-label="Program highlights"] > *')
      .evaluateAll((elements) =>
        elements.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, width: r.width })),
      );
    expect(cards).toHaveLength(5);
    const grid = await page
      .locator('[aria-label="Program highlights"]')
      .evaluate((el) => el.getBoundingClientRect().width);
    const last = cards[4]!;
    expect(Math.round(last.width)).toBe(Math.round(grid));
    // Every other row holds two cards.
    expect(cards[0]!.top).toBe(cards[1]!.top);
    expect(cards[2]!.top).toBe(cards[3]!.top);
    await context.close();
  });

  it('a stored dark theme: / paints dark and hydrates without errors, the toggle offers the light theme', async () => {
    const { page, context } = await journey.newPage(MOBILE);
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await gotoInteractive(page, `${journey.portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    expect(problems).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('light');
    await context.close();
  });
});
