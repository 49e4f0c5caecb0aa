// Browser journey of adjustments: the admin adds a bonus and a clawback for a partner, finds the
// partner's lines in the Payout Processor by its partner filter, is offered the open clawback with
// the next commission and pays the net; the partner's Commissions tab shows the three lines paid.
// Then "Select all N matching" pays a partner's 27 commissions, beyond the page, by the filter.

import { previousMonthKey } from '@portal/contracts/plain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, partnerSeed } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal, VIEWS } from '../src/harness';
import {
  confirmPayout,
  screenshot,
  seriousA11yViolations,
  sidewaysScrollers,
  openTab,
  settledScreenshot,
  useScheme,
} from '../src/page-checks';

const journey = usePortal();
let adminToken: string;
let partnerToken: string;
const MONTH = previousMonthKey(new Date());
const PARTNER = partnerSeed('netted@e2e.test', 'Netted Growth LLC', 'Nora Net');
const BULK = partnerSeed('bulk@e2e.test', 'Bulk Referrers Inc', 'Bo Bulk');
const BULK_CLIENTS = 27;

async function partnerWithClients(client: ApiClient, partner: typeof PARTNER, clients: number): Promise<string> {
  const { id } = await client.createPartner(adminToken, partner);
  for (let i = 0; i < clients; i++) {
    await client.addWonClient(adminToken, {
      partnerId: id,
      clientCompanyName: `${partner.companyName.split(' ')[0]} Client ${i + 1}`,
      serviceType: 'basic_accounting',
      monthlyValue: 1200,
      contractStartDate: `${MONTH}-01`,
    });
  }
  return id;
}

beforeAll(async () => {
  const client = journey.api();
  adminToken = await client.adminToken();
  await partnerWithClients(client, PARTNER, 1);
  await partnerWithClients(client, BULK, BULK_CLIENTS);
  partnerToken = await client.login(PARTNER.email, PARTNER.password);
  // This journey's fees come from the monthly accrual (fee basis activeMonth), not from client payments.
  await client.accrueActiveMonth(adminToken, MONTH);
});

/** The processor card alone, in the light theme and then the dark one (the page stays dark after). */
async function processorInBothThemes(page: Page, name: string) {
  const processor = processorOf(page);
  await settledScreenshot(page, `${name}-light`, { of: processor });
  await useScheme(page, 'dark');
  await settledScreenshot(page, `${name}-dark`, { of: processor });
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/**
 * The processor's rows fit its width (no sideways scrolling), are compact (at most 120 px tall: on a phone's
 * card the partner, its details and due date, then the actions named in words), and every row's Void sits at
 * the same place, the clawback's (its only action) included.
 */
async function expectTidyRows(processor: Locator, width: string) {
  expect(await sidewaysScrollers(processor), width).toEqual([]);
  const heights = await processor
    .getByTestId('payout-row')
    .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
  expect(Math.max(...heights), `row heights at ${width}: ${heights.join(', ')}`).toBeLessThanOrEqual(120);
  const voids = await processor
    .getByRole('button', { name: /^Void: / })
    .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().right)));
  expect(voids.length, width).toBe(heights.length);
  expect(new Set(voids).size, `Void's right edge at ${width}: ${voids.join(', ')}`).toBe(1);
}

const processorOf = (page: Page) =>
  page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Payout Processor' }) });

async function pickPartner(page: Page, scope: ReturnType<Page['locator']>, companyName: string) {
  const input = scope.getByLabel(/^Partner( \*)?$/);
  await input.click();
  await input.fill(companyName.slice(0, 6));
  await page.getByRole('option', { name: companyName }).click();
}

async function addAdjustment(page: Page, kind: 'Bonus' | 'Clawback', amount: string, reason: string) {
  await processorOf(page).getByRole('button', { name: 'Add adjustment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add adjustment' });
  await dialog.waitFor();
  await pickPartner(page, dialog, PARTNER.companyName);
  await dialog.getByText(kind === 'Bonus' ? 'Bonus (pays more)' : 'Clawback (takes back)').click();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  if (kind === 'Clawback') await screenshot(page, 'admin-add-adjustment-clawback-desktop');
  await dialog.getByRole('button', { name: kind === 'Bonus' ? 'Add bonus' : 'Add clawback' }).click();
  await page.getByText('Adjustment added').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('adjustments and net payouts in Chromium', () => {
  it('bonus + clawback → the processor offers the clawback → payout of the net → the partner sees the lines paid', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    const processor = processorOf(page);
    await processor.getByTestId('payout-row').first().waitFor();

    await addAdjustment(page, 'Bonus', '40', 'Launch campaign bonus');
    await addAdjustment(page, 'Clawback', '30', 'Client refunded in full');

    // The partner filter narrows the queue (and its count) on the server.
    await pickPartner(page, processor, PARTNER.companyName);
    await processor.getByTestId('pending-count').getByText('3 due').waitFor();
    const rows = processor.getByTestId('payout-row');
    expect(await rows.count()).toBe(3);
    // One badge of each kind (the layout of the width only is rendered).
    expect((await processor.getByTestId('kind-badge').allTextContents()).sort()).toEqual(['Bonus', 'Clawback']);
    await expectTidyRows(processor, 'desktop');

    // Ticking the recurring commission offers the partner's open clawback; including it nets the total.
    await rows.filter({ hasText: 'Netted Client 1' }).getByRole('checkbox').check();
    const offer = processor.getByTestId('clawback-offer');
    await offer.waitFor();
    expect(await offer.textContent()).toContain('-$30.00');
    await screenshot(page, 'admin-payout-clawback-offered-desktop');
    await offer.getByRole('button', { name: /Include clawback/ }).click();
    await rows.filter({ hasText: 'Launch campaign bonus' }).getByRole('checkbox').check();
    expect(await processor.getByTestId('payout-total').textContent()).toBe('$60.00');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The same queue at 390 px, filtered by the partner, in both themes.
    const narrow = await journey.signedInPage(adminToken, '/admin', MOBILE);
    await processorOf(narrow.page).getByTestId('payout-row').first().waitFor();
    await pickPartner(narrow.page, processorOf(narrow.page), PARTNER.companyName);
    await processorOf(narrow.page).getByTestId('pending-count').getByText('3 due').waitFor();
    await processorOf(narrow.page).getByLabel('Select all').check();
    await expectTidyRows(processorOf(narrow.page), 'phone');
    // Client (or kind), month and reason still under each partner, the clawback's badge and reason too.
    const clawbackRow = processorOf(narrow.page)
      .getByTestId('payout-row')
      .filter({ hasText: 'Client refunded in full' });
    expect(await clawbackRow.getByTestId('payout-row-details').textContent()).toMatch(/^Clawback · \w{3} \d{4}$/);
    expect(await clawbackRow.getByRole('button', { name: /^Mark failed/ }).count()).toBe(0);
    expect(
      await processorOf(narrow.page)
        .getByTestId('payout-row')
        .filter({ hasText: 'Netted Client 1' })
        .getByTestId('kind-badge')
        .count(),
    ).toBe(0);
    await processorInBothThemes(narrow.page, 'processor-adjusted-390');
    await narrow.context.close();

    await processorInBothThemes(page, 'processor-adjusted-1366');
    await processor.getByRole('button', { name: 'Process 3 Payouts' }).click();
    await confirmPayout(page);
    await page.getByText('Payouts processed').waitFor();
    const payout = processor.getByTestId('recent-payout').first();
    await payout.getByText('$60.00', { exact: true }).waitFor();
    await processor.getByText('No pending commissions match these filters.').waitFor();
    await screenshot(page, 'admin-payout-net-paid-desktop');
    await context.close();

    for (const [suffix, viewport] of VIEWS) {
      const partner = await journey.signedInPage(partnerToken, '/dashboard', viewport);
      await partner.page.getByText(`Welcome back, ${PARTNER.contactName}`).waitFor();
      expect(await partner.page.getByTestId('summary-total-earnings').textContent()).toBe('$60.00');
      await openTab(partner.page, 'Commissions');
      const cards = partner.page.getByTestId('commission-card');
      await cards.nth(2).waitFor();
      const texts = await cards.allTextContents();
      expect(texts.every((text) => text.includes('Paid'))).toBe(true);
      expect(texts.map((text) => text.match(/-?\$\d+\.\d{2}/)?.[0]).sort()).toEqual(
        ['$40.00', '$50.00', '-$30.00'].sort(),
      );
      expect(texts.some((text) => text.includes('Clawback reason: Client refunded in full'))).toBe(true);
      await screenshot(partner.page, `partner-commissions-adjusted-${suffix}`);
      await partner.context.close();
    }
  });

  it('Select all N matching pays every pending commission of the filter, beyond the page', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    const processor = processorOf(page);
    await processor.getByTestId('payout-row').first().waitFor();
    await pickPartner(page, processor, BULK.companyName);
    await processor.getByTestId('pending-count').getByText(`${BULK_CLIENTS} due`).waitFor();
    expect(await processor.getByTestId('payout-range').textContent()).toBe(`1–25 of ${BULK_CLIENTS}`);

    await processor.getByLabel('Select all').check();
    expect(await processor.getByRole('button', { name: 'Process 25 Payouts' }).isEnabled()).toBe(true);
    await processor.getByRole('button', { name: `Select all ${BULK_CLIENTS} matching` }).click();
    expect(await processor.getByTestId('payout-total').textContent()).toBe('$1,350.00');
    await screenshot(page, 'admin-payout-select-all-matching-desktop');
    await processor.getByRole('button', { name: `Process ${BULK_CLIENTS} Payouts` }).click();
    await confirmPayout(page);
    await page.getByText(`${BULK_CLIENTS} commissions paid, $1,350.00`).waitFor();
    await processor.getByText('No pending commissions match these filters.').waitFor();
    await context.close();

    const mobile = await journey.signedInPage(adminToken, '/admin', MOBILE);
    await processorOf(mobile.page).getByRole('heading', { name: 'Payout Processor' }).waitFor();
    await processorOf(mobile.page).getByRole('button', { name: 'Add adjustment' }).click();
    await mobile.page.getByRole('dialog', { name: 'Add adjustment' }).waitFor();
    await screenshot(mobile.page, 'admin-add-adjustment-mobile');
    await mobile.context.close();
  });
});
