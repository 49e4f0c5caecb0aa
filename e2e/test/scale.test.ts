// At the scale seed: the admin searches the Deal Pipeline, loads more deals in a column, picks
// the 9,000th partner in Add New Client, selects all matching pending commissions in the Payout
// Processor (the server pays by the filter), and walks the sidebar, a partner's page, breadcrumbs, the
// browser's back button and a reload of a deep link; the pipeline, the dialog, the processor, the
// partner page, the Email log and Activity at 1366 and 390 px, light and dark, axe-clean and within
// the width (PNGs in e2e/.artifacts/scale-*.png).
// Sizes: on PostgreSQL (TEST_DATABASE_URL) the full 10,000 partners and 200,000 referrals (20,000
// commissions); on the embedded PGlite 10,000 partners and 40,000 referrals (4,000 commissions): the
// set-based seed of 200,000 referrals in WASM alone takes minutes, and the file runs in both CI passes.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest, type Db } from '@portal/db';
import { createTestDatabase, type TestDatabase } from '@portal/db/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealBankDetails, seedScale, type ScaleSizes } from '../../bench/src/seed-scale';
import { createFieldCipher } from '../../apps/api/src/services/platform';
import { ADMIN } from '../src/api-client';
import { DESKTOP, launchBrowser, MOBILE, startPortal, type Portal, journeyOf } from '../src/harness';
import { confirmPayout, fitsWidth, screenshot, seriousA11yViolations, settled, useScheme } from '../src/page-checks';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SIZES: ScaleSizes = onPostgres
  ? { partners: 10_000, referrals: 200_000, commissions: 20_000 }
  : { partners: 10_000, referrals: 40_000, commissions: 4_000 };
/** The 9,000th partner of the seed (its name pattern: bench/src/seed-scale.ts). */
const PARTNER_9000 = 'Acme Ledger LLC 9000';
/** Referral i of the seed is "Client i Store"; i % 20 from 17 on is a proposal. */
const PROPOSAL_DEAL = 'Client 1237 Store';
/** Each journey's steps at this size: the server answers in well under a second; the margin is for a busy CI machine. */
const STEP = { timeout: 60_000 };
/** A journey through several screens, each checked by axe in two schemes. */
const JOURNEY_MS = 300_000;

let portal: Portal;
let browser: Browser;
let database: TestDatabase | undefined;
let embeddedDir: string | undefined;
let adminToken: string;
/** The harness's helpers bound to the seeded portal and the browser, which beforeAll starts. */
const journey = journeyOf(() => ({ portal, browser }));
/** Facts read from the seeded database before the portal starts. */
let seeded: { pending: number; bookedWithoutSearch: number };

async function factsOf(db: Db) {
  const pending = await db
    .selectFrom('commissions')
    .where('status', '=', 'pending')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const booked = await db
    .selectFrom('referrals')
    .where('stage', '=', 'booked')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { pending: Number(pending.n), bookedWithoutSearch: Number(booked.n) };
}

beforeAll(async () => {
  const started = performance.now();
  const secrets = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  if (onPostgres) {
    database = await createTestDatabase();
    await seedScale(database.db, SIZES);
    await sealBankDetails(database.db, createFieldCipher(secrets.DATA_ENCRYPTION_KEY));
    seeded = await factsOf(database.db);
    portal = await startPortal({ DATABASE_URL: database.url as string, ...secrets });
  } else {
    // The portal opens DATA_DIR/pglite: seed it first, then hand the folder over.
    embeddedDir = mkdtempSync(join(tmpdir(), 'portal-scale-'));
    const handle = createDb({ dataDir: join(embeddedDir, 'pglite') });
    await migrateToLatest(handle.db);
    await seedScale(handle.db, SIZES);
    await sealBankDetails(handle.db, createFieldCipher(secrets.DATA_ENCRYPTION_KEY));
    seeded = await factsOf(handle.db);
    await handle.close();
    portal = await startPortal({ DATA_DIR: embeddedDir, ...secrets });
  }
  browser = await launchBrowser();
  adminToken = await journey.api().login(ADMIN.email, ADMIN.password);
  console.info(
    `scale seed (${onPostgres ? 'PostgreSQL' : 'PGlite'}) and portal start: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await database?.close();
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
});

/**
 * axe clean (all rules, or with `colours` only those a scheme can change) and within the width in the current
 * scheme, then the screenshot `scale-<name>-<width>-<scheme>.png`: of `shot` (a card, a column) when given, of
 * the viewport with a dialog open, else of the whole page.
 */
async function look(page: Page, name: string, shot?: Locator | 'viewport', rules: 'all' | 'colours' = 'all') {
  const width = page.viewportSize()?.width ?? 0;
  const scheme = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  // The pointer rests outside the content, so no hover state is what axe measures.
  await page.mouse.move(0, 0);
  await settled(page);
  expect.soft(await seriousA11yViolations(page, rules), `axe on ${name} (${scheme}) at ${width} px`).toEqual([]);
  expect.soft(await fitsWidth(page), `${name} fits ${width} px (${scheme})`).toBe(true);
  const file = `scale-${name}-${width}-${scheme}`;
  if (shot === 'viewport') await screenshot(page, file, { viewport: true });
  else if (shot) {
    // A clip of the full-page capture: an element screenshot would stitch the fixed header into a tall card.
    const box = await shot.boundingBox();
    const scrollY = await page.evaluate(() => window.scrollY);
    if (box) await screenshot(page, file, { clip: { ...box, y: box.y + scrollY } });
  } else await screenshot(page, file);
}

/**
 * `look` in the light scheme, then in the dark one (axe's colour rules: the DOM is the one just checked), back to
 * light; a dialog is opened in each (the toggle sits under its overlay) and closed after.
 */
async function lookInBothSchemes(
  page: Page,
  name: string,
  shot?: Locator,
  dialog?: { open: () => Promise<void>; close: () => Promise<void> },
) {
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    await dialog?.open();
    await look(page, name, dialog ? 'viewport' : shot, scheme === 'light' ? 'all' : 'colours');
    await dialog?.close();
  }
  await useScheme(page, 'light');
}

/**
 * A journey's passes (desktop and phone). On PostgreSQL this file runs alone in its pass, so they run side by side
 * in two browser contexts (Chromium renders them in two processes: both cores work); in the embedded pass another
 * journey file runs beside this one and keeps the second core busy, so they run one after the other.
 */
async function sideBySide(...passes: Array<() => Promise<void>>) {
  if (onPostgres) await Promise.all(passes.map((pass) => pass()));
  else for (const pass of passes) await pass();
}

/** `pass` on the admin dashboard, signed in, at the desktop and at the phone width (`sideBySide`); each page is closed after. */
async function adminInBothViewports(pass: (page: Page, viewport: typeof DESKTOP) => Promise<void>) {
  const passAt = async (viewport: typeof DESKTOP) => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin', viewport);
    await pass(page, viewport);
    await context.close();
  };
  await sideBySide(
    () => passAt(DESKTOP),
    () => passAt(MOBILE),
  );
}

describe(`the admin screens at ${SIZES.partners.toLocaleString('en-US')} partners and ${SIZES.referrals.toLocaleString('en-US')} referrals`, () => {
  it(
    'shows each pipeline column’s true count, loads more on demand and searches across all of them',
    async () => {
      expect(seeded.bookedWithoutSearch).toBeGreaterThan(1000);
      const desktopPass = async () => {
        const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
        const column = page.getByTestId('pipeline-column-booked');
        await expect
          .poll(() => column.getByTestId('pipeline-count').textContent(), STEP)
          .toBe(seeded.bookedWithoutSearch.toLocaleString('en-US'));
        await expect.poll(() => column.getByTestId('deal-card').count(), STEP).toBe(20);

        await column.getByRole('button', { name: 'Load more Booked deals' }).click();
        await expect.poll(() => column.getByTestId('deal-card').count(), STEP).toBe(40);
        // The count stays the column's true count; the button tells how many are left.
        expect(await column.getByTestId('pipeline-count').textContent()).toBe(
          seeded.bookedWithoutSearch.toLocaleString('en-US'),
        );
        expect(await column.getByRole('button', { name: 'Load more Booked deals' }).textContent()).toBe(
          `Load more (${(seeded.bookedWithoutSearch - 40).toLocaleString('en-US')} more)`,
        );
        await column.scrollIntoViewIfNeeded();
        await lookInBothSchemes(
          page,
          'pipeline-load-more',
          page.getByRole('heading', { name: 'Deal Pipeline' }).locator('xpath=../..'),
        );

        // One deal's name narrows every column: the proposal column holds it, the others are empty.
        await page.getByRole('textbox', { name: 'Search deals' }).fill(PROPOSAL_DEAL);
        const proposal = page.getByTestId('pipeline-column-proposal');
        await proposal.locator(`[data-deal="${PROPOSAL_DEAL}"]`).waitFor(STEP);
        await expect.poll(() => proposal.getByTestId('pipeline-count').textContent(), STEP).toBe('1');
        for (const stage of ['booked', 'qualified', 'won', 'lost']) {
          await expect
            .poll(() => page.getByTestId(`pipeline-column-${stage}`).getByTestId('pipeline-count').textContent(), STEP)
            .toBe('0');
        }
        await look(page, 'pipeline-search', proposal);
        await context.close();
      };
      const phonePass = async () => {
        const narrow = await journey.signedInPage(adminToken, '/admin', MOBILE);
        await narrow.page.getByTestId('pipeline-column-booked').getByTestId('deal-card').nth(19).waitFor(STEP);
        await narrow.page.getByTestId('pipeline-column-booked').scrollIntoViewIfNeeded();
        await lookInBothSchemes(narrow.page, 'pipeline', narrow.page.getByTestId('pipeline-column-booked'));
        await narrow.context.close();
      };
      await sideBySide(desktopPass, phonePass);
    },
    JOURNEY_MS,
  );

  it(
    'picks the 9,000th partner in Add New Client by typing, and adds the client to it',
    async () => {
      await adminInBothViewports(async (page, viewport) => {
        const dialog = page.getByRole('dialog', { name: 'Add New Client' });
        const affiliate = dialog.getByRole('combobox', { name: 'Affiliate' });
        const openAndSearch = async () => {
          await page.getByRole('button', { name: 'Add Client', exact: true }).click();
          await affiliate.fill('LLC 9000');
          await page.getByRole('option', { name: PARTNER_9000, exact: true }).waitFor(STEP);
        };
        const close = async () => {
          // A click on the title closes the options list (it may cover the buttons), then Cancel.
          await dialog.getByRole('heading', { name: 'Add New Client' }).click();
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await dialog.waitFor({ state: 'hidden', ...STEP });
        };
        await lookInBothSchemes(page, 'add-client-picker', undefined, { open: openAndSearch, close });
        await openAndSearch();
        await page.getByRole('option', { name: PARTNER_9000, exact: true }).click();
        expect(await affiliate.inputValue()).toBe(PARTNER_9000);
        if (viewport === DESKTOP) {
          await dialog.getByLabel('Client Company Name').fill('Scale Picked Co');
          await dialog.getByLabel('Monthly Value ($)').fill('1500');
          await dialog.getByRole('button', { name: 'Add Client' }).click();
          await page.getByText('Client added successfully!').waitFor(STEP);
          const added = await journey
            .api()
            .call<Array<{ partnerCompanyName: string }>>(
              'GET',
              '/api/admin/referrals?search=Scale%20Picked%20Co&limit=5',
              undefined,
              adminToken,
            );
          expect(added.body.map((row) => row.partnerCompanyName)).toEqual([PARTNER_9000]);
        }
      });
    },
    JOURNEY_MS,
  );

  it(
    'selects all matching pending commissions in the processor and pays them by the filter',
    async () => {
      expect(seeded.pending).toBeGreaterThan(25);
      const processorOf = (page: Page) =>
        page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Payout Processor' }) });

      // The phone looks at the pending list (while the desktop selects, side by side); the desktop pays once it is done.
      const phonePass = async () => {
        const narrow = await journey.signedInPage(adminToken, '/admin', MOBILE);
        await processorOf(narrow.page).getByTestId('payout-row').first().waitFor(STEP);
        await processorOf(narrow.page).scrollIntoViewIfNeeded();
        await lookInBothSchemes(narrow.page, 'processor', processorOf(narrow.page));
        await narrow.context.close();
      };
      let phoneLooked: Promise<void> = Promise.resolve();
      const desktopPass = async () => {
        const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
        const processor = processorOf(page);
        await processor
          .getByTestId('pending-count')
          .getByText(`${seeded.pending.toLocaleString('en-US')} due`)
          .waitFor(STEP);
        await expect.poll(() => processor.getByTestId('payout-row').count(), STEP).toBe(25);
        await processor.getByLabel('Select all').check();
        await processor.getByRole('button', { name: `Select all ${seeded.pending} matching` }).click();
        await processor.getByRole('button', { name: `Process ${seeded.pending} Payouts` }).waitFor(STEP);
        await processor.scrollIntoViewIfNeeded();
        await lookInBothSchemes(page, 'processor-all-matching', processor);

        // The confirmation sums up the whole filter on the server, not the page the screen holds.
        const summary = page.getByRole('dialog', { name: 'Confirm payout' });
        const openSummary = async () => {
          await processor.getByRole('button', { name: `Process ${seeded.pending} Payouts` }).click();
          await summary
            .getByTestId('preview-fees')
            .getByText(seeded.pending.toLocaleString('en-US'), { exact: true })
            .waitFor(STEP);
        };
        await lookInBothSchemes(page, 'processor-confirm', undefined, {
          open: openSummary,
          close: async () => {
            await summary.getByRole('button', { name: 'Cancel' }).click();
            await summary.waitFor({ state: 'detached' });
          },
        });

        await phoneLooked;
        await openSummary();
        await confirmPayout(page);
        // Exact: "1,600 due" contains "0 due".
        await processor.getByTestId('pending-count').getByText('0 due', { exact: true }).waitFor(STEP);
        const payouts = await journey
          .api()
          .call<Array<{ commissionCount: number }>>('GET', '/api/admin/payouts?limit=1', undefined, adminToken);
        expect(payouts.body.map((payout) => payout.commissionCount)).toEqual([seeded.pending]);
        await context.close();
      };
      await sideBySide(() => (phoneLooked = phonePass()), desktopPass);
    },
    JOURNEY_MS,
  );

  it(
    'takes the admin between the sidebar areas and a partner’s page, with breadcrumbs, back and reload',
    async () => {
      await adminInBothViewports(async (page, viewport) => {
        if (viewport === MOBILE) await page.getByRole('button', { name: 'Toggle sidebar' }).first().click();
        await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Partners' }).click();
        await page.waitForURL(/\/admin\/partners$/, STEP);
        await page.getByRole('heading', { level: 1, name: 'Partners' }).waitFor(STEP);
        await page.getByRole('textbox', { name: 'Search affiliates' }).fill('LLC 9000');
        await page.getByRole('link', { name: PARTNER_9000, exact: true }).click(STEP);
        await page.waitForURL(/\/admin\/partners\/[0-9a-f-]{36}$/, STEP);
        await page.getByRole('heading', { level: 1, name: PARTNER_9000 }).waitFor(STEP);
        // A table where it fits, cards on a phone: one list either way (components/column-table.tsx).
        await page.getByRole('region', { name: 'Referrals', exact: true }).locator('tbody tr').first().waitFor(STEP);
        await page.getByRole('region', { name: 'Commissions', exact: true }).waitFor(STEP);
        await lookInBothSchemes(page, 'partner-page');

        // A reload of the deep link lands on the same page; back returns to the list; the breadcrumb to the dashboard.
        await page.reload();
        await page.getByRole('heading', { level: 1, name: PARTNER_9000 }).waitFor(STEP);
        await page.goBack();
        await page.waitForURL(/\/admin\/partners$/, STEP);
        await page.getByRole('heading', { level: 1, name: 'Partners' }).waitFor(STEP);
        await page
          .getByRole('navigation', { name: 'Breadcrumb' })
          .getByRole('link', { name: 'Admin Dashboard' })
          .click();
        await page.waitForURL(/\/admin$/, STEP);
        await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor(STEP);
      });
    },
    JOURNEY_MS,
  );

  it(
    'opens a partner’s page from a pipeline card, then the Email log and Activity as their own areas',
    async () => {
      await adminInBothViewports(async (page, viewport) => {
        const card = page.getByTestId('pipeline-column-won').getByTestId('deal-card').first();
        await card.waitFor(STEP);
        const partnerName = (await card.getByRole('link').textContent()) ?? '';
        await card.getByRole('link').click();
        await page.getByRole('heading', { level: 1, name: partnerName }).waitFor(STEP);
        for (const [label, path, heading, name] of [
          ['Email log', /\/admin\/emails$/, 'Email log', 'email-log'],
          ['Activity', /\/admin\/activity$/, 'Activity', 'activity'],
        ] as const) {
          if (viewport === MOBILE) await page.getByRole('button', { name: 'Toggle sidebar' }).first().click();
          await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: label }).click();
          await page.waitForURL(path, STEP);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor(STEP);
          await page.getByRole('table').first().waitFor(STEP);
          await lookInBothSchemes(page, name);
        }
      });
    },
    JOURNEY_MS,
  );
});
