// The admin's areas in Chromium: each part of the dashboard (applications, pipeline, payouts,
// partners, materials) is a sidebar entry with a full-width page of its own that survives a reload;
// on the pipeline's page a deal is dragged to another stage with the pointer and moved with the
// keyboard (an arrow key on its grip), and the stage menu still moves it. Screens at 1366 px
// and 390 px, light and dark, axe-clean.

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, usePortal } from '../src/harness';
import { fitsWidth, screenshot, seriousA11yViolations, settled, useScheme } from '../src/page-checks';

const journey = usePortal();
let adminToken: string;
const DEALS = ['Dragged Dog Treats', 'Keyed Kitchenware', 'Menu Moved Mugs'];
// Enough booked deals that the column is taller than its cap when the columns stand side by side;
// created first, so the deals the journey moves are on top (newest first).
const BOOKED = ['Booked Bakeware', 'Booked Bottles', 'Booked Blankets', 'Booked Brushes', 'Booked Boots'];

beforeAll(async () => {
  const client = journey.api();
  const applied = await client.apply('areas@e2e.test', 'areas-password-1', 'Areas Growth Co', 'Ari Areas');
  const partnerToken = applied.token;
  adminToken = await client.adminToken();
  await client.approve(adminToken, applied.id);
  for (const clientCompanyName of [...BOOKED, ...DEALS]) {
    const referred = await client.call(
      'POST',
      '/api/partners/referrals',
      { clientCompanyName, monthlyValue: '500.00' },
      partnerToken,
    );
    expect(referred.status, JSON.stringify(referred.body)).toBe(201);
  }
});

const column = (page: Page, stage: string) => page.getByTestId(`pipeline-column-${stage}`);
const deal = (page: Page, stage: string, name: string) => column(page, stage).locator(`[data-deal="${name}"]`);

describe('the admin areas, each on its own page', () => {
  it('opens each part of the dashboard from the sidebar, full width, and keeps it across a reload', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    for (const [label, path, probe] of [
      ['Applications', '/admin/applications', 'Partner Approval Queue'],
      ['Pipeline', '/admin/pipeline', 'Deal Pipeline'],
      ['Payouts', '/admin/payouts', 'Payout Processor'],
      ['Partners', '/admin/partners', 'All Affiliates'],
      ['Materials', '/admin/materials', 'Marketing Materials'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: label }).click();
      await page.getByRole('heading', { name: label, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByRole('heading', { name: probe }).first().waitFor();
      await page.reload();
      await page.getByRole('heading', { name: label, level: 1 }).waitFor();
      await page.getByRole('heading', { name: probe }).first().waitFor();
      // Full width: the page's content spans the main area (the dashboard's own width), not a column of it.
      const width = await page
        .getByRole('heading', { name: probe })
        .first()
        .evaluate((el) => {
          const card = el.closest('.mantine-Card-root, .mantine-Paper-root') ?? el;
          return card.getBoundingClientRect().width;
        });
      expect(width, `${label} spans the page`).toBeGreaterThan(900);
      await page.mouse.move(0, 0);
      expect((await seriousA11yViolations(page)).join('\n'), `axe on ${label}`).toBe('');
    }
    await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Admin Dashboard' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Deal Pipeline' }).waitFor();
    await context.close();
  });

  it('drags a deal to another stage, moves one with the keyboard, and keeps the stage menu', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin/pipeline', DESKTOP);
    await page.getByRole('heading', { name: 'Pipeline', level: 1 }).waitFor();
    for (const name of DEALS) await deal(page, 'booked', name).waitFor();

    // The pointer: pick the card up and drop it on Qualified.
    const card = deal(page, 'booked', DEALS[0]!);
    const from = (await card.boundingBox())!;
    const to = (await column(page, 'qualified').boundingBox())!;
    await page.mouse.move(from.x + 20, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 30, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
    await page.mouse.up();
    await deal(page, 'qualified', DEALS[0]!).waitFor();
    await page.getByText(`${DEALS[0]} moved to Qualified.`).waitFor();

    // The keyboard: on the card's grip, the right arrow moves the deal to the next stage.
    await page.getByRole('button', { name: `Move ${DEALS[1]} to another stage` }).focus();
    await page.keyboard.press('ArrowRight');
    await deal(page, 'qualified', DEALS[1]!).waitFor();
    await page.getByText(`${DEALS[1]} moved to Qualified.`).waitFor();

    // The stage menu still moves a deal.
    await deal(page, 'booked', DEALS[2]!).getByTestId('deal-stage').click();
    await page.getByRole('menuitemradio', { name: 'Proposal' }).click();
    await deal(page, 'proposal', DEALS[2]!).waitFor();

    // The server holds the moves: a reload shows them.
    await page.reload();
    await deal(page, 'qualified', DEALS[0]!).waitFor();
    await deal(page, 'qualified', DEALS[1]!).waitFor();
    await deal(page, 'proposal', DEALS[2]!).waitFor();
    await context.close();
  });

  it('lays the pipeline page out at 1366 px and 390 px, light and dark, axe-clean', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, context } = await journey.signedInPage(adminToken, '/admin/pipeline', viewport);
      await page.getByRole('heading', { name: 'Pipeline', level: 1 }).waitFor();
      await page.getByTestId('deal-grip').first().waitFor();
      for (const name of BOOKED) await deal(page, 'booked', name).waitFor();
      // Side by side a long column scrolls within itself; stacked on a phone it grows and the page scrolls.
      const hidden = await column(page, 'booked')
        .locator('.mantine-ScrollArea-viewport')
        .evaluate((viewport) => viewport.scrollHeight - viewport.clientHeight);
      if (viewport === MOBILE) expect(hidden, 'the phone column hides no card').toBe(0);
      else expect(hidden, 'the desktop column scrolls').toBeGreaterThan(0);
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        await page.mouse.move(0, 0);
        await settled(page);
        // The dark scheme's DOM is the light one's: axe's colour rules are what it can change.
        const rules = scheme === 'light' ? 'all' : 'colours';
        expect((await seriousA11yViolations(page, rules)).join('\n')).toBe('');
        expect(await fitsWidth(page)).toBe(true);
        await screenshot(page, `admin-pipeline-page-${viewport.width}-${scheme}`, { viewport: true });
      }
      await context.close();
    }
  });
});
