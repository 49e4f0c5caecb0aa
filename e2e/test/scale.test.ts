// Issue 18 at the scale seed: the admin searches the Deal Pipeline, loads more deals in a column, picks
// the 9,000th partner in Add New Client, and walks the sidebar, a partner's page, breadcrumbs, the
// browser's back button and a reload of a deep link; every screen at 1366 and 390 px, light and dark,
// axe-clean. On PostgreSQL (TEST_DATABASE_URL) the seed is the full 10,000 partners and 200,000
// referrals; on the embedded PGlite it is 10,000 partners and 40,000 referrals (the set-based seed of
// 200,000 referrals takes minutes in WASM; the paging is keyset either way).

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@portal/db';
import { createTestDatabase, type TestDatabase } from '@portal/db/testing';
import { migrateToLatest } from '@portal/db';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale, type ScaleSizes } from '../../bench/src/seed-scale';
import { ADMIN, api, DESKTOP, launchBrowser, MOBILE, newPage, screenshot, seriousA11yViolations, settled, signInWithToken, startPortal, type Portal } from '../src/harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SIZES: ScaleSizes = onPostgres ? { partners: 10_000, referrals: 200_000, commissions: 20_000 } : { partners: 10_000, referrals: 40_000, commissions: 4_000 };
/** The 9,000th partner of the seed (its name pattern: bench/src/seed-scale.ts). */
const PARTNER_9000 = 'Acme Ledger LLC 9000';

let portal: Portal;
let browser: Browser;
let database: TestDatabase | undefined;
let embeddedDir: string | undefined;
let adminToken: string;

beforeAll(async () => {
  const secrets = { JWT_SECRET: randomBytes(48).toString('base64url'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  if (onPostgres) {
    database = await createTestDatabase();
    await seedScale(database.db, SIZES);
    portal = await startPortal({ DATABASE_URL: database.url as string, ...secrets });
  } else {
    // The portal opens DATA_DIR/pglite: seed it first, then hand the folder over.
    embeddedDir = mkdtempSync(join(tmpdir(), 'portal-scale-'));
    const handle = createDb({ dataDir: join(embeddedDir, 'pglite') });
    await migrateToLatest(handle.db);
    await seedScale(handle.db, SIZES);
    await handle.close();
    portal = await startPortal({ DATA_DIR: embeddedDir, ...secrets });
  }
  browser = await launchBrowser();
  adminToken = await api(portal.baseUrl).login(ADMIN.email, ADMIN.password);
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await database?.close();
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
});

async function totalOf(path: string): Promise<number> {
  const res = await api(portal.baseUrl).call('GET', path, undefined, adminToken);
  return Number(res.headers.get('x-total-count'));
}

/** axe clean, fits the width, then the screenshot; in dark mode too when asked. */
async function look(page: Page, name: string, width: number, options: { dark?: boolean } = {}) {
  for (const scheme of options.dark ? (['light', 'dark'] as const) : (['light'] as const)) {
    if (scheme === 'dark') {
      await page.getByTestId('theme-toggle').click();
      await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    }
    await settled(page);
    expect.soft(await seriousA11yViolations(page), `axe on ${name} (${scheme}) at ${width} px`).toEqual([]);
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${name} fits ${width} px`).toBe(true);
    await screenshot(page, `scale-${name}-${width}-${scheme}`);
  }
  if (options.dark) {
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light');
  }
}

describe(`the admin screens at ${SIZES.partners.toLocaleString('en-US')} partners and ${SIZES.referrals.toLocaleString('en-US')} referrals`, () => {
  it('shows each pipeline column’s true count, loads more on demand and searches across all of them', async () => {
    const booked = await totalOf('/api/admin/referrals?stage=booked&limit=1');
    expect(booked).toBeGreaterThan(1000);
    const { page, context } = await newPage(browser, DESKTOP);
    await signInWithToken(page, portal.baseUrl, adminToken, '/admin');
    const column = page.getByTestId('pipeline-column-booked');
    // The dashboard's first load at this size on the embedded database takes seconds; then every step is quick.
    await column.getByTestId('pipeline-count').waitFor({ timeout: 90_000 });
    await expect.poll(() => column.getByTestId('pipeline-count').textContent(), { timeout: 90_000 }).toBe(booked.toLocaleString('en-US'));
    await expect.poll(() => column.getByTestId('deal-card').count(), { timeout: 90_000 }).toBe(20);

    await column.getByRole('button', { name: 'Load more Booked deals' }).click();
    await expect.poll(() => column.getByTestId('deal-card').count(), { timeout: 90_000 }).toBe(40);
    await column.scrollIntoViewIfNeeded();
    await look(page, 'pipeline-load-more', DESKTOP.width, { dark: true });

    // "Client 1234 Store" is a proposal (1234 % 20 = 14); the search narrows every column.
    await page.getByRole('textbox', { name: 'Search deals' }).fill('Client 1234 Store');
    const proposal = page.getByTestId('pipeline-column-proposal');
    await proposal.locator('[data-deal="Client 1234 Store"]').waitFor();
    await expect.poll(() => proposal.getByTestId('pipeline-count').textContent(), { timeout: 90_000 }).toBe('1');
    await expect.poll(() => column.getByTestId('pipeline-count').textContent(), { timeout: 90_000 }).toBe('0');
    await look(page, 'pipeline-search', DESKTOP.width);
    await context.close();
  });

  it('picks the 9,000th partner in Add New Client by typing, and adds the client to it', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, context } = await newPage(browser, viewport);
      await signInWithToken(page, portal.baseUrl, adminToken, '/admin');
      await page.getByRole('button', { name: 'Add Client', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Client' });
      await dialog.getByRole('combobox', { name: 'Affiliate' }).fill('LLC 9000');
      await page.getByRole('option', { name: PARTNER_9000, exact: true }).waitFor();
      await look(page, 'add-client-picker', viewport.width, { dark: viewport === DESKTOP });
      await page.getByRole('option', { name: PARTNER_9000, exact: true }).click();
      expect(await dialog.getByRole('combobox', { name: 'Affiliate' }).inputValue()).toBe(PARTNER_9000);
      if (viewport === DESKTOP) {
        await dialog.getByLabel('Client Company Name').fill('Scale Picked Co');
        await dialog.getByLabel('Monthly Value ($)').fill('1500');
        await dialog.getByRole('button', { name: 'Add Client' }).click();
        await page.getByText('Client added successfully!').waitFor();
        const added = await api(portal.baseUrl).call<Array<{ partnerCompanyName: string }>>('GET', '/api/admin/referrals?search=Scale%20Picked%20Co&limit=5', undefined, adminToken);
        expect(added.body.map((row) => row.partnerCompanyName)).toEqual([PARTNER_9000]);
      }
      await context.close();
    }
  });

  it('takes the admin between the sidebar areas and a partner’s page, with breadcrumbs, back and reload', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, context } = await newPage(browser, viewport);
      await signInWithToken(page, portal.baseUrl, adminToken, '/admin');
      if (viewport === MOBILE) await page.getByRole('button', { name: 'Toggle sidebar' }).first().click();
      await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Partners' }).click();
      await page.waitForURL(/\/admin\/partners$/);
      await page.getByRole('heading', { level: 1, name: 'Partners' }).waitFor();
      await page.getByRole('textbox', { name: 'Search affiliates' }).fill('LLC 9000');
      await page.getByRole('link', { name: PARTNER_9000, exact: true }).click();
      await page.waitForURL(/\/admin\/partners\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: PARTNER_9000 }).waitFor();
      await page.getByRole('region', { name: 'Referrals' }).getByRole('table').waitFor();
      await page.getByRole('region', { name: 'Commissions' }).waitFor();
      await look(page, 'partner-page', viewport.width, { dark: true });

      // A reload of the deep link lands on the same page; back returns to the list; the breadcrumb to the dashboard.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: PARTNER_9000 }).waitFor();
      await page.goBack();
      await page.waitForURL(/\/admin\/partners$/);
      await page.getByRole('heading', { level: 1, name: 'Partners' }).waitFor();
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Admin Dashboard' }).click();
      await page.waitForURL(/\/admin$/);
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      await context.close();
    }
  });

  it('opens a partner’s page from a pipeline card and shows the Email log as its own area', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signInWithToken(page, portal.baseUrl, adminToken, '/admin');
    const card = page.getByTestId('pipeline-column-won').getByTestId('deal-card').first();
    const partnerName = (await card.getByRole('link').textContent()) ?? '';
    await card.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: partnerName }).waitFor();
    await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Email log' }).click();
    await page.waitForURL(/\/admin\/emails$/);
    await page.getByRole('heading', { level: 1, name: 'Email log' }).waitFor();
    await look(page, 'email-log', DESKTOP.width);
    await context.close();
  });
});
