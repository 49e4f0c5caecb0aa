import { describe, expect, it } from 'vitest';
import { DESKTOP, usePortal, VIEWS } from '../src/harness';
import { screenshot, gotoInteractive } from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();

describe('the built portal in Chromium', () => {
  it('serves the SPA at / and health at /api/health', async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    await gotoInteractive(page, `${journey.portal.baseUrl}/`);
    await expect(page.title()).resolves.toBe('Partner Portal');
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    const health = await (await fetch(`${journey.portal.baseUrl}/api/health`)).json();
    expect(health).toEqual({ status: 'ok' });
    await context.close();
  });

  for (const [name, viewport] of VIEWS) {
    it(`shows the 404 page with its two texts on an unknown deep link (${name})`, async () => {
      const { page, context } = await journey.newPage(viewport);
      await page.goto(`${journey.portal.baseUrl}/no/such/page`);
      await page.getByText('404 Page Not Found').waitFor();
      expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
      await screenshot(page, `not-found-${name}`);
      await context.close();
    });
  }

  it('sends an anonymous visitor of /dashboard and /admin to sign in at /, with the way back', async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    await page.goto(`${journey.portal.baseUrl}/dashboard`);
    await page.waitForURL(`${journey.portal.baseUrl}/?signin=1&redirect=%2Fdashboard`);
    await page.goto(`${journey.portal.baseUrl}/admin`);
    await page.waitForURL(`${journey.portal.baseUrl}/?signin=1&redirect=%2Fadmin`);
    await context.close();
  });
});
