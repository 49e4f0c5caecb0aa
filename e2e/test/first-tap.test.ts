// The first tap always works: on a phone (Lighthouse's mobile profile: 150 ms round trips,
// 1.6 Mbit/s down, 750 kbit/s up, 4× slower CPU, 390 px wide) each primary action of the public pages
// is tapped the moment it is visible, long before the page's JavaScript has arrived, and still does
// what it says: "Sign In" / "Create Partner Account" open their dialog (the tap is recorded by the
// page's inline script and replayed once it is hydrated), the schedule buttons open the scheduling
// service in a new tab with the referral code, the service and the campaign in its address (they are
// real links). The pages run under their real Content-Security-Policy (no bypass).

import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerSeed } from '../src/api-client';
import { MOBILE, usePortal } from '../src/harness';

const SCHEDULING_URL = 'https://schedule.example.com/consultation';
const journey = usePortal({ SCHEDULING_URL });
const PARTNER = partnerSeed('first-tap@e2e.test', 'First Tap Growth', 'Tia Tapper');
const CAMPAIGN = { utm_source: 'news', utm_medium: 'email', utm_campaign: 'Spring Promo' };
let referralCode: string;

beforeAll(async () => {
  referralCode = (await journey.api().createPartnerAsAdmin(PARTNER)).referralCode;
});

/**
 * A phone: touch, 390 px, and (through the DevTools protocol) Lighthouse's slow 4G and 4× CPU. The page's
 * JavaScript is held back until `releaseScripts()`: on this shared machine the test runner's tap can take
 * longer than the page's hydration, and the taps must come before it every time, not most times.
 */
async function phone(): Promise<{ context: BrowserContext; page: Page; releaseScripts: () => void }> {
  // No bypassCSP: the inline tap recorder must run under the server's policy (allowed by its hash).
  const context = await journey.browser.newContext({ viewport: MOBILE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Notes whether the page was hydrated when the first tap reached it (the taps below must come before).
  await context.addInitScript(() => {
    document.addEventListener(
      'click',
      () => {
        const w = window as unknown as { hydratedAtFirstTap?: boolean };
        w.hydratedAtFirstTap ??= Boolean(document.documentElement.dataset.interactive);
      },
      true,
    );
  });
  // The scheduling service is external: answered locally so the new tab loads.
  await context.route('https://schedule.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Schedule</title>ok' }),
  );
  let releaseScripts = () => {};
  const released = new Promise<void>((resolve) => (releaseScripts = resolve));
  await context.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { context, page, releaseScripts };
}

const hydratedAtFirstTap = (page: Page) =>
  page.evaluate(() => (window as unknown as { hydratedAtFirstTap?: boolean }).hydratedAtFirstTap);

describe('the first tap on a phone', () => {
  for (const action of ['Sign In', 'Create Partner Account'] as const) {
    it(`"${action}" on / tapped as soon as it shows opens the ${action} dialog`, async () => {
      const { page, context, releaseScripts } = await phone();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      // 'commit': the test does not wait for the page's load, only for the button to be visible.
      await page.goto(`${journey.portal.baseUrl}/`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: action, exact: true }).tap();
      expect(await hydratedAtFirstTap(page)).toBe(false);
      releaseScripts();
      await page.getByRole('dialog', { name: action }).waitFor({ timeout: 60_000 });
      // Replayed once, in the right mode: one dialog, with the mode's submit button.
      expect(await page.getByRole('dialog').count()).toBe(1);
      const submit = action === 'Sign In' ? 'Sign In' : 'Create Account';
      expect(await page.getByRole('dialog').getByRole('button', { name: submit, exact: true }).isVisible()).toBe(true);
      // The strict CSP let the recorder run (a blocked inline script logs an error).
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  const schedules = [
    {
      name: 'Schedule Free Consultation',
      locate: (page: Page) => page.getByText('Schedule Free Consultation', { exact: true }),
      service: 'general',
    },
    {
      name: "the Fractional CFO card's Schedule Consultation",
      locate: (page: Page) => page.getByTestId('service-cfo').getByText('Schedule Consultation', { exact: true }),
      service: 'cfo',
    },
  ];
  for (const schedule of schedules) {
    it(`${schedule.name} on /r/{code} tapped as soon as it shows opens the scheduling service with ref, service and UTM`, async () => {
      const { page, context, releaseScripts } = await phone();
      const query = new URLSearchParams(CAMPAIGN).toString();
      const visit = page.waitForResponse((res) => res.url().includes('public.recordVisit'), { timeout: 60_000 });
      visit.catch(() => undefined); // awaited below; not an unhandled rejection when an earlier step fails
      await page.goto(`${journey.portal.baseUrl}/r/${referralCode}?${query}`, { waitUntil: 'commit' });
      const opened = context.waitForEvent('page', { timeout: 30_000 });
      await schedule.locate(page).tap();
      const tab = await opened;
      expect(await hydratedAtFirstTap(page)).toBe(false);
      releaseScripts();
      await tab.waitForURL(/schedule\.example\.com/);
      const url = new URL(tab.url());
      expect(url.origin + url.pathname).toBe(SCHEDULING_URL);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        ref: referralCode,
        service: schedule.service,
        ...CAMPAIGN,
        // Calendly hands back only UTM values: the code travels as utm_content, a chosen service as utm_term.
        utm_content: referralCode,
        ...(schedule.service === 'general' ? {} : { utm_term: schedule.service }),
      });
      // The page goes on: it hydrates and counts the visit, as without the early tap.
      expect((await visit).status()).toBe(200);
      await context.close();
    });
  }

  it('after hydration, selecting a service card points Schedule Free Consultation at that service', async () => {
    const { page, context, releaseScripts } = await phone();
    releaseScripts();
    await page.goto(`${journey.portal.baseUrl}/r/${referralCode}?utm_source=news`);
    await page.waitForSelector('html[data-interactive]', { state: 'attached', timeout: 60_000 });
    const main = page.getByRole('link', { name: 'Schedule Free Consultation' });
    const serviceOf = async () => new URL((await main.getAttribute('href')) ?? '').searchParams.get('service');
    expect(await serviceOf()).toBe('general');
    await page.getByTestId('select-basic').tap();
    await expect.poll(serviceOf).toBe('basic');
    expect(await main.getAttribute('target')).toBe('_blank');
    expect(await main.getAttribute('rel')).toContain('noopener');
    const [tab] = await Promise.all([context.waitForEvent('page'), main.tap()]);
    await tab.waitForURL(/schedule\.example\.com/);
    expect(Object.fromEntries(new URL(tab.url()).searchParams)).toEqual({
      ref: referralCode,
      service: 'basic',
      utm_source: 'news',
      utm_content: referralCode,
      utm_term: 'basic',
    });
    await context.close();
  });
});
