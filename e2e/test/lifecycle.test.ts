// The whole life of a partner in Chromium, through the screens its two users use: sign-up in the
// landing dialog, the registration form with the agreement, 'Application Under Review', the admin's
// approval, the partner's first referral, the admin's stage move to won, the client's payment recorded
// (which earns the month's fee), the payout, and the partner's Commissions tab and summary cards showing it paid.

import { formatDate, formatMonthKey, previousMonthKey } from '@portal/contracts/plain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, partnerSeed } from '../src/api-client';
import { DESKTOP, usePortal } from '../src/harness';
import { confirmApproval, confirmPayout, gotoInteractive, screenshot, openTab } from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();

const PARTNER = partnerSeed('lifecycle@e2e.test', 'Lifecycle Growth Partners', 'Lena Lifecycle');
const CLIENT = 'Evergreen Threads';
/** The month just ended: the won client's contract starts on its first day, and the client pays for it. */
const MONTH = previousMonthKey(new Date());
/** The client paid 31 days ago, so the fee (due 30 days after the payment) is due and offered for payout. */
const PAID_ON = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10);
/** PAID_ON + 30 days: the fee's deadline. */
const DUE_BY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function signInThroughDialog(
  page: Page,
  email: string,
  password: string,
  mode: 'Sign In' | 'Create Partner Account',
) {
  await gotoInteractive(page, `${journey.portal.baseUrl}/`);
  await page.getByRole('button', { name: mode, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: mode });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: mode === 'Sign In' ? 'Sign In' : 'Create Account', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the life of a partner in the browser', () => {
  it('signs up, applies, is approved, refers a client who is won and pays, is paid the fee, and sees it paid', async () => {
    // 1. Sign-up in the landing page's dialog.
    const partner = await journey.newPage(DESKTOP);
    const p = partner.page;
    await signInThroughDialog(p, PARTNER.email, PARTNER.password, 'Create Partner Account');
    await p.waitForURL(`${journey.portal.baseUrl}/onboarding`);
    await p.getByText('Account created!').waitFor();

    // 2. The registration form, with the agreement read to the bottom and accepted.
    await p.getByText('Complete Your Partner Registration').waitFor();
    await p.getByLabel('Company Name').fill(PARTNER.companyName);
    await p.getByLabel('Contact Name').fill(PARTNER.contactName);
    await p.getByLabel('Website').fill('https://lifecycle.example.com');
    await p.getByLabel('Bank Name').fill('First Bank of Oregon');
    await p.getByLabel('Routing Number').fill('021000021');
    await p.getByLabel(/^Account Number/).fill('000123456789');
    await p.getByLabel('Account Holder Name').fill(`${PARTNER.companyName} LLC`);
    await p.getByLabel('Bank Address').fill('1 Main St, Portland, OR 97201');
    await p.getByLabel('Beneficiary Address').fill('2 Side St, Portland, OR 97202');
    const accept = p.getByLabel('I have read and agree to the terms of the Affiliate Agreement');
    await p.getByText('Please scroll to the bottom of the agreement to continue.').waitFor();
    expect(await accept.isDisabled()).toBe(true);
    await p.getByTestId('agreement-scroll').evaluate((box) => {
      box.scrollTop = box.scrollHeight;
    });
    await p.getByText('Thank you for reading the agreement. You may now accept the terms below.').waitFor();
    await accept.check();
    await p.getByText('Agreement accepted').waitFor();
    await p.getByRole('button', { name: 'Submit Partner Application' }).click();

    // 3. Pending review.
    await p.getByText('Application Under Review').waitFor();
    expect(await p.getByText(PARTNER.companyName).isVisible()).toBe(true);
    expect(await p.getByText('What happens next?').isVisible()).toBe(true);
    await screenshot(p, 'lifecycle-1-pending-desktop');
    // Not yet active: the dashboard sends the applicant back to the onboarding screen.
    await p.goto(`${journey.portal.baseUrl}/dashboard`);
    await p.waitForURL(`${journey.portal.baseUrl}/onboarding`);
    await p.getByText('Application Under Review').waitFor();

    // 4. The admin, in a browser context of their own, signs in through the dialog and approves.
    const admin = await journey.newPage(DESKTOP);
    const a = admin.page;
    await signInThroughDialog(a, ADMIN.email, ADMIN.password, 'Sign In');
    await a.waitForURL(`${journey.portal.baseUrl}/admin`);
    await a.getByRole('heading', { name: 'Partner Approval Queue' }).waitFor();
    await a.getByTestId('approval-row').filter({ hasText: PARTNER.companyName }).waitFor();
    await a.getByRole('button', { name: `Approve ${PARTNER.companyName}` }).click();
    await confirmApproval(a);
    await a.getByText('Partner approved!').waitFor();
    await a.getByTestId('approval-row').filter({ hasText: PARTNER.companyName }).waitFor({ state: 'detached' });

    // 5. The partner reloads and reaches the dashboard.
    await p.reload();
    await p.waitForURL(`${journey.portal.baseUrl}/dashboard`);
    await p.getByText(`Welcome back, ${PARTNER.contactName}`).waitFor();
    await p.getByText('No referrals yet. Create your first referral to get started!').waitFor();

    // 6. The partner creates a referral in the New Referral dialog (Basic Accounting, $50/month by default).
    await p.getByRole('button', { name: 'New Referral' }).click();
    const newReferral = p.getByRole('dialog', { name: 'New Referral' });
    await newReferral.getByLabel('Client Company Name').fill(CLIENT);
    await newReferral.getByLabel('Client Email').fill('founder@evergreen.example');
    expect(await newReferral.getByRole('combobox', { name: 'Service Type' }).inputValue()).toBe(
      'Basic Accounting $50/month',
    );
    await newReferral.getByLabel('Monthly Value ($)').fill('2400');
    await newReferral.getByRole('button', { name: 'Create Referral' }).click();
    await p.getByText('Referral Created').waitFor();
    await newReferral.waitFor({ state: 'hidden' });
    const referralCard = p.getByTestId('referral-card').filter({ hasText: CLIENT });
    await referralCard.getByText('Booked', { exact: true }).waitFor();

    // 7. The admin moves it to won in the Deal Pipeline. The pipeline's cards have no contract start
    // date or annual sales field, so those (the first day of the month just ended) are set through
    // PATCH /api/admin/referrals/{id} first; the stage select then keeps that date when it moves to won.
    const client = journey.api();
    const adminToken = await client.login(ADMIN.email, ADMIN.password);
    const found = await client.call<Array<{ id: string; clientCompanyName: string }>>(
      'GET',
      `/api/admin/referrals?search=${encodeURIComponent(CLIENT)}`,
      undefined,
      adminToken,
    );
    expect(found.status).toBe(200);
    const referralId = found.body.find((r) => r.clientCompanyName === CLIENT)?.id;
    expect(referralId).toBeTruthy();
    const dated = await client.call(
      'PATCH',
      `/api/admin/referrals/${referralId}`,
      // The client's annual sales at the agreement's minimum: won, it is a qualifying client.
      { contractStartDate: `${MONTH}-01`, annualSales: '1000000.00' },
      adminToken,
    );
    expect(dated.status).toBe(200);

    await a.reload();
    await a.getByTestId('pipeline-column-booked').locator(`[data-deal="${CLIENT}"]`).waitFor();
    await a.getByRole('button', { name: `Stage of ${CLIENT}: Booked` }).click();
    await a.getByRole('menu').getByRole('menuitemradio', { name: 'Won', exact: true }).click();
    // Signed today with the recorded sales: the dialog tells a qualifying client before the move.
    const winning = a.getByRole('dialog', { name: 'Mark deal as won' });
    await winning.locator('[data-testid="won-outcome"][data-qualifying]').waitFor();
    await winning.getByRole('button', { name: 'Mark as Won' }).click();
    await a.getByText(`${CLIENT} moved to Won.`).waitFor();
    await a.getByTestId('pipeline-column-won').locator(`[data-deal="${CLIENT}"]`).waitFor();
    const stored = await client.call<Array<{ stage: string; contractStartDate: string | null }>>(
      'GET',
      `/api/admin/referrals?search=${encodeURIComponent(CLIENT)}`,
      undefined,
      adminToken,
    );
    expect(stored.body[0]).toMatchObject({ stage: 'won', contractStartDate: `${MONTH}-01` });

    // 8. The client pays for the month just ended. The won client is listed among those with no payment
    // for last month until the admin records the payment in the Client payments panel, which earns the
    // month's fee (fees follow client payments, the program's default fee basis), due 30 days after the payment.
    const payments = a.getByTestId('client-payments-panel');
    await payments.getByTestId('missing-payments').getByText(CLIENT).waitFor();
    await payments.getByRole('button', { name: 'Record payment' }).click();
    const record = a.getByRole('dialog', { name: 'Record a client payment' });
    // The picker opens first, then narrows to the typed name; the chosen partner enables the client list.
    const partnerBox = record.getByRole('combobox', { name: 'Partner' });
    await partnerBox.click();
    await partnerBox.fill(PARTNER.companyName.slice(0, 6));
    await a.getByRole('option', { name: PARTNER.companyName }).click();
    await expect.poll(() => partnerBox.inputValue()).toBe(PARTNER.companyName);
    await expect.poll(() => record.getByRole('combobox', { name: 'Client' }).isEnabled()).toBe(true);
    await record.getByRole('combobox', { name: 'Client' }).click();
    await a.getByRole('option', { name: CLIENT }).click();
    expect(await record.getByLabel('Month paid for').textContent()).toBe(formatMonthKey(MONTH));
    await record.getByLabel('Paid on').fill(PAID_ON);
    // The amount starts at the client's monthly value, which the field names.
    await expect.poll(() => record.getByLabel('Amount').inputValue()).toBe('2400.00');
    await record.getByText("The client's monthly value: $2,400.00").waitFor();
    await record.getByLabel('Amount').fill('2400.00');
    await record.getByLabel('Reference').fill('INV-1001');
    await screenshot(a, 'lifecycle-1b-record-payment-desktop');
    await record.getByRole('button', { name: 'Record payment' }).click();
    // Paid 31 days ago and no hold: the processor offers the fee now; it was due 30 days after the payment.
    await a
      .getByText(`It earned a fee of $50.00. The Payout Processor offers it now; it was due by ${formatDate(DUE_BY)}.`)
      .waitFor();
    await record.waitFor({ state: 'hidden' });
    await payments.getByText('Every active client has a payment recorded for last month.').waitFor();

    // The partner sees it pending first.
    await p.reload();
    await p.getByText(`Welcome back, ${PARTNER.contactName}`).waitFor();
    expect(await p.getByTestId('summary-pending').textContent()).toBe('$50.00');
    expect(await p.getByTestId('summary-total-earnings').textContent()).toBe('$0.00');
    expect(await p.getByTestId('summary-active-clients').textContent()).toBe('1');

    // 9. The admin selects the commission in the Payout Processor and processes it.
    const processor = a
      .locator('.mantine-Card-root')
      .filter({ has: a.getByRole('heading', { name: 'Payout Processor' }) });
    const row = processor.getByTestId('payout-row').filter({ hasText: PARTNER.companyName });
    await row.waitFor();
    expect(await processor.getByTestId('payout-row').count()).toBe(1);
    await row.getByRole('checkbox', { name: `Select ${CLIENT} ${formatMonthKey(MONTH)}` }).check();
    expect(await processor.getByTestId('payout-total').textContent()).toBe('$50.00');
    await screenshot(a, 'lifecycle-2-payout-selected-desktop');
    // The spec's button text is 'Process N Payouts', for one too; it asks first, then pays.
    await processor.getByRole('button', { name: 'Process 1 Payouts', exact: true }).click();
    await confirmPayout(a);
    await a.getByText('Payouts processed').waitFor();
    await processor.getByText('No pending commissions. Record client payments to create them.').waitFor();
    const payout = processor.getByTestId('recent-payout').first();
    await payout.waitFor();
    const reference = (await payout.textContent())?.match(/PO-\d{8}-[0-9A-Z]{6}/)?.[0];
    expect(reference).toBeTruthy();
    expect(await payout.textContent()).toContain('$50.00');

    // 10. The partner's Commissions tab shows it paid with the payout's reference; the cards add up.
    await p.reload();
    await p.getByText(`Welcome back, ${PARTNER.contactName}`).waitFor();
    expect(await p.getByTestId('summary-total-earnings').textContent()).toBe('$50.00');
    expect(await p.getByTestId('summary-pending').textContent()).toBe('$0.00');
    expect(await p.getByTestId('summary-active-clients').textContent()).toBe('1');
    await openTab(p, 'Commissions');
    const commission = p.getByTestId('commission-card');
    await commission.first().waitFor();
    expect(await commission.count()).toBe(1);
    expect(await commission.getByTestId('commission-status').textContent()).toBe('Paid');
    expect(await commission.getByTestId('commission-amount').textContent()).toBe('$50.00');
    const text = await commission.textContent();
    expect(text).toContain(reference as string);
    expect(text).toContain(formatMonthKey(MONTH));
    expect(text).toContain('Wire Transfer');
    await screenshot(p, 'lifecycle-3-paid-desktop');

    await admin.context.close();
    await partner.context.close();
  });
});
