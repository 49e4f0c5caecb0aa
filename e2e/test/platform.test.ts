import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launchBrowser, newPage, screenshot, startPortal, type Portal } from '../src/harness';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the built portal in Chromium', () => {
  it('serves the SPA at / and health at /api/health', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto(`${portal.baseUrl}/`);
    await expect(page.title()).resolves.toBe('Partner Portal');
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    const health = await (await fetch(`${portal.baseUrl}/api/health`)).json();
    expect(health).toEqual({ status: 'ok' });
    await context.close();
  });

  for (const [name, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    it(`shows the 404 page with its two texts on an unknown deep link (${name})`, async () => {
      const { page, context } = await newPage(browser, viewport);
      await page.goto(`${portal.baseUrl}/no/such/page`);
      await page.getByText('404 Page Not Found').waitFor();
      expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
      await screenshot(page, `not-found-${name}`);
      await context.close();
    });
  }

  it('sends an anonymous visitor of /dashboard and /admin to /', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto(`${portal.baseUrl}/dashboard`);
    await page.waitForURL(`${portal.baseUrl}/`);
    await page.goto(`${portal.baseUrl}/admin`);
    await page.waitForURL(`${portal.baseUrl}/`);
    await context.close();
  });
});
