// Browser journey of the books: a paid partner fills in its tax information in Settings (the TIN
// shown only masked afterwards), finds its payout in the Commissions tab and downloads the month's
// statement as PDF; the admin finds the 1099-NEC report in Export Data.

import { readFileSync } from 'node:fs';
import { formatMonthKey, monthKey, previousMonthKey } from '@portal/contracts/plain';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerSeed } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal, VIEWS } from '../src/harness';
import { cardLabels, fitsWidth, screenshot, seriousA11yViolations, settled, openTab } from '../src/page-checks';

const journey = usePortal();
let adminToken: string;
let partnerToken: string;
let reference: string;
let partnerId: string;
const PARTNER = partnerSeed('statements@e2e.test', 'Statement Makers LLC', 'Stella Statement');
const MONTH = previousMonthKey(new Date());

/** A full-page screenshot, or with `viewportOnly` what the window shows (a dialog, a tooltip). */
async function shot(page: Parameters<typeof screenshot>[0], name: string, viewportOnly = false) {
  await screenshot(page, name, { viewport: viewportOnly });
}

beforeAll(async () => {
  const client = journey.api();
  adminToken = await client.adminToken();
  const partner = await client.createPartnerWithWonClients(
    adminToken,
    PARTNER,
    [
      ['Lighthouse Provisions', 'basic_accounting'],
      ['Granite Gear Co', 'controller'],
    ],
    { monthlyValue: 2500, contractStartDate: `${MONTH}-01` },
  );
  partnerToken = partner.token;
  partnerId = partner.id;
  // The fees come from the monthly accrual (fee basis activeMonth), not from client payments.
  await client.accrueActiveMonth(adminToken, MONTH);
  const pending = await client.expectCall<Array<{ id: string }>>(
    200,
    'GET',
    '/api/admin/commissions/pending',
    undefined,
    adminToken,
  );
  const payout = await client.expectCall<{ reference: string }>(
    201,
    'POST',
    '/api/admin/payouts',
    { commissionIds: pending.map((item) => item.id) },
    adminToken,
    { 'idempotency-key': `books-${Date.now()}` },
  );
  reference = payout.reference;
});

describe('statements and tax information in Chromium', () => {
  it('the partner fills in its tax information and downloads the statement of the month', async () => {
    const { page, context } = await journey.signedInPage(partnerToken, '/dashboard', DESKTOP);
    await page.getByText(`Welcome back, ${PARTNER.contactName}`).waitFor();

    await openTab(page, 'Settings');
    const card = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Tax information' }) });
    await card.getByTestId('w9-certification').waitFor();
    await card.getByLabel('Legal name').fill('Statement Makers LLC');
    await card.getByLabel('Tax classification').click();
    await page.getByRole('option', { name: 'Limited liability company' }).click();
    await card.getByLabel('TIN type').click();
    await page.getByRole('option', { name: 'EIN (Employer identification number)' }).click();
    await card.getByLabel('Taxpayer identification number').fill('12-3456789');
    await card.getByLabel('Address').fill('500 Harbor Way, Portland, OR 97201');
    await shot(page, 'partner-tax-form-desktop');
    await card.getByRole('button', { name: 'Save tax information' }).click();
    await card.getByText('You must certify the W-9 statement to save your tax information').waitFor();
    await card.getByLabel(/I certify/).check();
    await card.getByRole('button', { name: 'Save tax information' }).click();
    await card.getByText('••-•••6789').waitFor();
    expect(await card.textContent()).not.toContain('3456789');
    await settled(page);
    await shot(page, 'partner-tax-saved-desktop');

    await openTab(page, 'Commissions');
    const group = page.getByTestId('payout-group');
    await group.waitFor();
    expect(await group.getByTestId('payout-reference').textContent()).toBe(reference);
    expect(await group.getByTestId('payout-amount').textContent()).toBe('$150.00');
    expect(await group.getByTestId('commission-card').count()).toBe(2);
    // The statement month defaults to the month just ended.
    expect(await page.locator('input').and(page.getByLabel('Statement month')).inputValue()).toBe(
      formatMonthKey(MONTH),
    );
    await shot(page, 'partner-commissions-grouped-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-statement-makers-llc-${MONTH}.pdf`);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();

    const mobile = await journey.signedInPage(partnerToken, '/dashboard', MOBILE);
    await openTab(mobile.page, 'Commissions');
    await mobile.page.getByTestId('payout-group').waitFor();
    await shot(mobile.page, 'partner-commissions-grouped-mobile');
    await openTab(mobile.page, 'Settings');
    await mobile.page.getByText('••-•••6789').waitFor();
    await shot(mobile.page, 'partner-tax-saved-mobile');
    await mobile.context.close();
  });

  it('the 1099-NEC dialog opens on the year of the latest payout and says when nobody reached the threshold', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    await page.getByRole('button', { name: 'Export Data' }).click();
    await page.getByRole('menuitem', { name: /1099-NEC report/ }).click();
    const dialog = page.getByRole('dialog', { name: '1099-NEC report' });
    await dialog.waitFor();
    await settled(page);
    // This year's payout of $150.00 is the latest: the dialog opens on its year.
    const year = String(new Date().getUTCFullYear());
    const taxYear = dialog.locator('input').and(page.getByLabel('Tax year'));
    await expect.poll(() => taxYear.inputValue()).toBe(year);
    await shot(page, 'admin-1099-dialog-desktop', true);
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    await dialog.getByRole('button', { name: 'Download CSV' }).click();
    await dialog
      .getByText(`No partner was paid $2,000.00 or more in ${year}, so there is nothing to report on 1099-NEC`, {
        exact: false,
      })
      .waitFor();
    await shot(page, 'admin-1099-nobody-desktop', true);
    expect(downloaded).toBe(false);
    await context.close();
  });

  it("the admin sees the processor's missing-tax-profile mark and downloads a partner's statement from its details", async () => {
    const client = journey.api();
    const big = partnerSeed('big.earner@e2e.test', 'Big Earner Media', 'Bea Earner');
    // 25 controller clients: 25 x 100.00 = 2,500.00 pending, past this year's 1099-NEC threshold.
    const stores = Array.from({ length: 25 }, (_, i) => [`Store ${i + 1}`, 'controller'] as const);
    await client.createPartnerWithWonClients(adminToken, big, stores, {
      monthlyValue: 2500,
      contractStartDate: `${MONTH}-01`,
    });
    await client.accrueActiveMonth(adminToken, MONTH);

    for (const [suffix, viewport] of VIEWS) {
      const { page, context } = await journey.signedInPage(adminToken, '/admin', viewport);
      const processor = page
        .locator('.mantine-Card-root')
        .filter({ has: page.getByRole('heading', { name: 'Payout Processor' }) });
      await processor.getByTestId('tax-profile-missing').first().waitFor();
      await processor.getByTestId('tax-profile-missing').first().scrollIntoViewIfNeeded();
      await processor.getByTestId('tax-profile-missing').first().hover();
      await page.getByText("No tax profile on file, and this year's payouts reach the 1099-NEC threshold").waitFor();
      await shot(page, `admin-processor-tax-mark-${suffix}`, true);
      await context.close();
    }

    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    await page.getByRole('button', { name: `Actions for ${PARTNER.companyName}` }).click();
    await page.getByRole('menuitem', { name: 'View details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Statements' }).waitFor();
    await dialog.getByRole('heading', { name: 'Statements' }).scrollIntoViewIfNeeded();
    await settled(page);
    await shot(page, 'admin-partner-statements-desktop', true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-statement-makers-llc-${MONTH}.csv`);
    const csv = readFileSync(await download.path(), 'utf8');
    // A statement lists what was booked in its month: the month just ended was accrued today, so its fees
    // and their payout stand on this month's statement, and the month just ended shows its balances only.
    expect(csv).toContain('"Closing balance"');
    expect(csv).not.toContain('"Lighthouse Provisions"');
    const thisMonth = await page.evaluate(
      async ([path, token]) => (await fetch(path, { headers: { authorization: `Bearer ${token}` } })).text(),
      [`/api/admin/partners/${partnerId}/statements/${monthKey(new Date())}.csv`, adminToken] as const,
    );
    expect(thisMonth).toContain('"Lighthouse Provisions"');
    expect(thisMonth).toContain(`"Payout","`);
    await context.close();
  });

  it('the partner page shows its money lists as tables where they fit and as cards on a phone', async () => {
    for (const [suffix, viewport] of VIEWS) {
      const { page, context } = await journey.signedInPage(adminToken, `/admin/partners/${partnerId}`, viewport);
      await page.getByRole('heading', { level: 1, name: PARTNER.companyName }).waitFor();
      for (const [list, text] of [
        ['Referrals', 'Granite Gear Co'],
        ['Commissions', 'Lighthouse Provisions'],
        ['Payouts', reference],
      ] as const) {
        const region = page.getByRole('region', { name: list, exact: true });
        if (viewport === DESKTOP) {
          await region.getByRole('row').filter({ hasText: text }).waitFor();
          expect(await cardLabels(region), `${list} at ${suffix}`).toEqual([]);
          expect((await region.locator('thead').boundingBox())?.height, `${list} at ${suffix}`).toBeGreaterThan(1);
        } else {
          // Every column on the card, nothing to scroll sideways: the table's header row takes no room (screen readers only).
          const card = region.getByRole('row').filter({ hasText: text });
          await card.waitFor();
          expect((await region.locator('thead').boundingBox())?.height, `${list} at ${suffix}`).toBeLessThanOrEqual(1);
          if (list === 'Commissions')
            expect((await cardLabels(card)).join(' ')).toMatch(
              /Client.*Lighthouse Provisions.*Amount.*\$\d.*Status.*Paid/,
            );
        }
      }
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, `admin-partner-page-lists-${suffix}`);
      await context.close();
    }
  });
});
