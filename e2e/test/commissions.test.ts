// Browser journey of commissions: the admin accrues the month just ended and pays two commissions;
// the partner's summary cards and Commissions tab then show them paid, with the right totals. The program
// runs on the fee basis `activeMonth` here (a fee for each month a won client was active), which shows
// the accrual panel; the default basis, fees on client payments, is the life-of-a-partner journey's.

import { formatMonthKey, previousMonthKey } from '@portal/contracts/plain';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerSeed } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal, VIEWS } from '../src/harness';
import { confirmPayout, screenshot, openTab } from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();
let adminToken: string;
let partnerToken: string;
const PARTNER = partnerSeed('earner@e2e.test', 'Earning Partners LLC', 'Erin Earner');
const MONTH = previousMonthKey(new Date());

beforeAll(async () => {
  const client = journey.api();
  adminToken = await client.adminToken();
  await client.expectCall(200, 'PATCH', '/api/admin/program-settings', { feeBasis: 'activeMonth' }, adminToken);
  // Two won clients whose contracts started at the beginning of the month just ended.
  const partner = await client.createPartnerWithWonClients(
    adminToken,
    PARTNER,
    [
      ['Harbor Outfitters', 'basic_accounting'],
      ['Summit Supply Co', 'controller'],
    ],
    { monthlyValue: 2500, contractStartDate: `${MONTH}-01` },
  );
  partnerToken = partner.token;
});

describe('commissions in Chromium', () => {
  it('an admin accrues the month and pays two commissions; the partner sees them paid with the right totals', async () => {
    const admin = await journey.newPage(DESKTOP);
    const page = admin.page;
    await journey.signIn(page, adminToken, '/admin');
    const processor = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Payout Processor' }) });
    await processor.waitFor();
    await processor.getByText('No pending commissions. Run the monthly accrual to create them.').waitFor();

    // The month picker defaults to the month just ended.
    expect(await page.getByLabel('Month', { exact: true }).textContent()).toBe(formatMonthKey(MONTH));
    await page.getByRole('button', { name: 'Run accrual' }).click();
    await page
      .getByTestId('accrual-result')
      .getByText(`${formatMonthKey(MONTH)}: 2 commissions created, 0 skipped (already accrued)`)
      .waitFor();

    await processor.getByTestId('payout-row').nth(1).waitFor();
    expect(await processor.getByTestId('payout-row').count()).toBe(2);
    await processor.getByLabel('Select all').check();
    expect(await processor.getByTestId('payout-total').textContent()).toBe('$150.00');
    await screenshot(page, 'admin-payout-processor-desktop');
    await processor.getByRole('button', { name: 'Process 2 Payouts' }).click();
    await confirmPayout(page);
    await page.getByText('Payouts processed').waitFor();
    await processor.getByText('No pending commissions. Run the monthly accrual to create them.').waitFor();
    const payout = processor.getByTestId('recent-payout').first();
    await payout.waitFor();
    expect(await payout.textContent()).toContain('$150.00');
    const reference = (await payout.textContent())?.match(/PO-\d{8}-[0-9A-Z]{6}/)?.[0];
    expect(reference).toBeTruthy();

    // The wire instructions download with the admin's token.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      payout.getByRole('button', { name: 'Wire instructions (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`wire-instructions-${reference}.csv`);

    // Export Data offers the commissions as CSV, fetched with the token too.
    await page.getByRole('button', { name: 'Export Data' }).click();
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Commissions (CSV)' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^commissions-\d{4}-\d{2}-\d{2}\.csv$/);

    // Running the accrual again creates nothing more.
    await page.getByRole('button', { name: 'Run accrual' }).click();
    await page
      .getByTestId('accrual-result')
      .getByText(`${formatMonthKey(MONTH)}: 0 commissions created, 2 skipped (already accrued)`)
      .waitFor();
    await screenshot(page, 'admin-payout-processor-paid-desktop');

    // The affiliates table shows the partner's lifetime total.
    const affiliateRow = page.getByRole('row').filter({ hasText: PARTNER.companyName });
    await affiliateRow.first().waitFor();
    expect(await affiliateRow.first().textContent()).toContain('$150.00');
    await admin.context.close();

    const mobileAdmin = await journey.signedInPage(adminToken, '/admin', MOBILE);
    await mobileAdmin.page.getByRole('heading', { name: 'Payout Processor' }).waitFor();
    await mobileAdmin.page.getByTestId('recent-payout').first().waitFor();
    await screenshot(mobileAdmin.page, 'admin-payout-processor-mobile');
    await mobileAdmin.context.close();

    for (const [suffix, viewport] of VIEWS) {
      const partner = await journey.signedInPage(partnerToken, '/dashboard', viewport);
      await partner.page.getByText(`Welcome back, ${PARTNER.contactName}`).waitFor();
      expect(await partner.page.getByTestId('summary-total-earnings').textContent()).toBe('$150.00');
      expect(await partner.page.getByTestId('summary-pending').textContent()).toBe('$0.00');
      expect(await partner.page.getByTestId('summary-active-clients').textContent()).toBe('2');
      await openTab(partner.page, 'Commissions');
      const cards = partner.page.getByTestId('commission-card');
      await cards.nth(1).waitFor();
      expect(await cards.count()).toBe(2);
      const texts = await cards.allTextContents();
      expect(
        texts.every(
          (text) =>
            text.includes('Paid') &&
            text.includes(reference as string) &&
            text.includes('Wire Transfer') &&
            text.includes(formatMonthKey(MONTH)),
        ),
      ).toBe(true);
      expect(texts.map((text) => text.match(/\$\d+\.\d{2}/)?.[0]).sort()).toEqual(['$100.00', '$50.00']);
      await screenshot(partner.page, `partner-commissions-${suffix}`);
      await partner.context.close();
    }
  });

  it('a partner without commissions sees the empty state', async () => {
    const { token } = await journey.api().createPartner(
      adminToken,
      partnerSeed('newcomer@e2e.test', 'Newcomer Media', 'Nia Newcomer', {
        companyType: 'influencer',
        expectedVolume: '1-2 referrals/month',
      }),
    );
    const { page, context } = await journey.signedInPage(token, '/dashboard', MOBILE);
    await openTab(page, 'Commissions');
    await page.getByText('No commissions yet. Start referring clients to earn your first commission!').waitFor();
    await context.close();
  });
});
