// Fees from client payments to bank files, in Chromium: an admin imports a month of client payments (a
// file with a bad row is refused whole, the fixed file is recorded), the partner sees each fee with the
// client's payment date and when it is due, and the processor pays the fees past the program's hold after
// the client's payment (the recent one waits) to partners paid by ACH, PayPal and wire in one payout, whose
// NACHA file and PayPal batch the admin downloads.

import { readFile } from 'node:fs/promises';
import { formatDate, formatMonthKey, previousMonthKey } from '@portal/contracts/plain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, usePortal } from '../src/harness';
import { confirmPayout, dialogInBothSchemes, screenshot, seriousA11yViolations, openTab } from '../src/page-checks';

const journey = usePortal({
  ACH_IMMEDIATE_DESTINATION: '011000015',
  ACH_IMMEDIATE_ORIGIN: '1234567890',
  ACH_COMPANY_NAME: 'PARTNER PORTAL',
  ACH_COMPANY_ID: '1234567890',
  ACH_ODFI_ROUTING: '021000021',
});

const PASSWORD = 'payments-password-1';
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** The month paid for; its clients are active since long before. */
const MONTH = previousMonthKey(new Date());
const START = `${previousMonthKey(new Date(`${previousMonthKey(new Date(`${MONTH}-15`))}-15`))}-01`;
/** The program's hold: a fee is offered for payout this many days after the client's payment. */
const HOLD_DAYS = 5;
/** Paid 35 days ago: due 5 days ago, offered for payout. Paid 2 days ago: due in 28 days, offered in 3 days. */
const PAID_DUE = day(35);
const PAID_RECENT = day(2);

const PARTNERS = {
  ach: { email: 'ach-payee@e2e.test', companyName: 'Routing Number Partners', client: 'Aspen Apparel' },
  paypal: { email: 'paypal-payee@e2e.test', companyName: 'Pay Pal Growth', client: 'Birch Bikes' },
  wire: { email: 'wire-payee@e2e.test', companyName: 'Wired Advisors', client: 'Cedar Candles' },
} as const;
const RECENT_CLIENT = 'Dogwood Designs';
const emailOf = (client: string) => `billing@${client.toLowerCase().replaceAll(' ', '-')}.example`;

let adminToken: string;
const partnerTokens: Record<keyof typeof PARTNERS, string> = { ach: '', paypal: '', wire: '' };

beforeAll(async () => {
  const client = journey.api();
  adminToken = await client.adminToken();
  await client.expectCall(200, 'PATCH', '/api/admin/program-settings', { payoutHoldDays: HOLD_DAYS }, adminToken);
  const services = { ach: 'controller', paypal: 'basic_accounting', wire: 'basic_accounting' } as const;
  for (const key of Object.keys(PARTNERS) as Array<keyof typeof PARTNERS>) {
    const partner = PARTNERS[key];
    const created = await client.createPartner(adminToken, {
      email: partner.email,
      password: PASSWORD,
      companyName: partner.companyName,
      contactName: `${partner.companyName} Contact`,
      expectedVolume: '1-2 referrals/month',
    });
    partnerTokens[key] = created.token;
    const clients: Array<[string, string]> = [[partner.client, services[key]]];
    if (key === 'wire') clients.push([RECENT_CLIENT, 'controller']);
    for (const [clientCompanyName, serviceType] of clients) {
      await client.addWonClient(adminToken, {
        partnerId: created.id,
        clientCompanyName,
        clientEmail: emailOf(clientCompanyName),
        serviceType,
        monthlyValue: 2000,
        contractStartDate: START,
      });
    }
  }
  const methods = {
    ach: {
      paymentMethod: 'ACH',
      bankRoutingNumber: '021000021',
      bankAccountNumber: '123456789',
      bankAccountType: 'checking',
      bankAccountHolderName: 'Routing Number Partners LLC',
      payeeType: 'business',
    },
    paypal: { paymentMethod: 'PayPal', paypalEmail: 'payouts@paypal-growth.example' },
  } as const;
  for (const key of ['ach', 'paypal'] as const) {
    const set = await client.call(
      'PUT',
      '/api/partners/payment-method',
      { ...methods[key], currentPassword: PASSWORD },
      partnerTokens[key],
    );
    if (set.status !== 200) throw new Error(`payment method: ${set.status} ${JSON.stringify(set.body)}`);
  }
});

type PaymentRow = [client: string, amount: string, paid: string, reference: string];

/** The month's client payments as the import file lists them: 2000.00 from each client. */
const PAYMENTS: PaymentRow[] = [
  [PARTNERS.ach.client, '2000.00', PAID_DUE, 'INV-A1'],
  [PARTNERS.paypal.client, '2000.00', PAID_DUE, 'INV-B1'],
  [PARTNERS.wire.client, '2000.00', PAID_DUE, 'INV-C1'],
  [RECENT_CLIENT, '2000.00', PAID_RECENT, 'INV-D1'],
];

/** PAYMENTS with `client`'s amount written as `amount`. */
const withAmount = (client: string, amount: string): PaymentRow[] =>
  PAYMENTS.map(([name, paidAmount, paid, reference]) => [name, name === client ? amount : paidAmount, paid, reference]);

function csvOf(rows: PaymentRow[]) {
  const lines = rows.map(
    ([client, amount, paid, reference]) => `${emailOf(client)},${MONTH},${amount},${paid},0.00,${reference}`,
  );
  return Buffer.from(['client_email,period,amount,paid_date,collection_cost,reference', ...lines].join('\n'));
}

async function chooseFile(page: Page, name: string, body: Buffer) {
  await page
    .getByRole('dialog', { name: 'Import client payments' })
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: body });
}

describe('client payments to bank files in Chromium', () => {
  it('imports a month of payments (a bad row refuses the file), the partner sees due dates, the processor pays the due fees by ACH, PayPal and wire', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    const panel = page.getByTestId('client-payments-panel');
    await panel.getByRole('heading', { name: `No payment recorded for ${formatMonthKey(MONTH)}` }).waitFor();
    for (const name of [PARTNERS.ach.client, PARTNERS.paypal.client, PARTNERS.wire.client, RECENT_CLIENT])
      await panel.getByTestId('missing-payments').getByText(name).waitFor();

    // 1. A file with one bad amount: every row is reported, nothing can be recorded.
    await panel.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import client payments' });
    await chooseFile(page, 'payments-bad.csv', csvOf(withAmount(PARTNERS.paypal.client, 'twelve')));
    const report = dialog.getByTestId('import-report');
    await report.getByText('1 row has an error: nothing will be recorded.', { exact: false }).waitFor();
    expect(await report.locator('[data-row-ok="false"]').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Record payments' }).isDisabled()).toBe(true);
    await screenshot(page, 'payments-import-refused-desktop');

    // 2. The fixed file: four rows ready, then recorded.
    await chooseFile(page, 'payments.csv', csvOf(PAYMENTS));
    await report.getByText('4 rows are ready; they earn $300.00 in fees.').waitFor();
    expect((await seriousA11yViolations(page)).join('\n')).toBe('');
    await dialog.getByRole('button', { name: 'Record 4 payments' }).click();
    await report.getByText('Recorded 4 payments; 4 fees earned ($300.00).').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await panel.getByText('Every active client has a payment recorded for last month.').waitFor();

    // 3. The partner sees the fee with the client's payment date and when it is due.
    const partner = await journey.signedInPage(partnerTokens.wire, '/dashboard', MOBILE);
    await openTab(partner.page, 'Commissions');
    const recentFee = partner.page.getByTestId('commission-card').filter({ hasText: RECENT_CLIENT });
    await recentFee.waitFor();
    const due = recentFee.getByTestId('commission-due');
    expect(await due.textContent()).toContain(formatDate(PAID_RECENT));
    expect(await due.textContent()).toContain(formatDate(day(2 - 30)));
    expect(await recentFee.getByTestId('commission-status').textContent()).toBe('Pending');
    await screenshot(partner.page, 'payments-partner-due-390');
    await partner.context.close();

    // 4. The processor offers the three fees past the hold (the recent one waits out the hold, well before its
    // due date) and pays them.
    const processor = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Payout Processor' }) });
    await processor.getByTestId('pending-count').getByText('3 due').waitFor();
    expect(await processor.getByTestId('not-yet-offered').textContent()).toBe(
      `1 more fee ($100.00) is pending but not payable yet; it is offered on ${formatDate(day(2 - HOLD_DAYS))}.`,
    );
    const rows = processor.getByTestId('payout-row');
    expect(await rows.filter({ hasText: RECENT_CLIENT }).count()).toBe(0);
    await processor.getByLabel('Select all').check();
    expect(await processor.getByTestId('payout-total').textContent()).toBe('$200.00');
    // 'Process 3 Payouts' sums up first: per payment method the partner, the total and the file it makes.
    const summary = page.getByRole('dialog', { name: 'Confirm payout' });
    await dialogInBothSchemes(page, 'payments-confirm-payout', {
      async open() {
        await processor.getByRole('button', { name: 'Process 3 Payouts' }).click();
        await summary.getByTestId('preview-total').getByText('$200.00').waitFor();
        expect(await summary.getByTestId('preview-partners').textContent()).toBe('3');
        for (const [method, total, file] of [
          ['ACH', '$100.00', 'ACH file (NACHA)'],
          ['PayPal', '$50.00', 'PayPal batch (CSV)'],
          ['Wire', '$50.00', 'Wire instructions (CSV)'],
        ] as const) {
          const line = await summary.getByTestId(`preview-method-${method}`).textContent();
          expect([line?.includes('1 partner'), line?.includes(total), line?.includes(file)]).toEqual([
            true,
            true,
            true,
          ]);
        }
      },
      async close() {
        await summary.getByRole('button', { name: 'Cancel' }).click();
        await summary.waitFor({ state: 'detached' });
      },
    });
    expect(await processor.getByTestId('recent-payout').count()).toBe(0);
    await confirmPayout(page);
    await page.getByText('Payouts processed').first().waitFor();
    const payout = processor.getByTestId('recent-payout').first();
    await payout.getByText('$200.00', { exact: true }).waitFor();
    for (const [method, total] of [
      ['ACH', '$100.00'],
      ['PayPal', '$50.00'],
      ['Wire', '$50.00'],
    ] as const)
      expect(await payout.getByTestId(`payout-method-${method}`).textContent()).toContain(`1 partner · ${total}`);
    await screenshot(page, 'payments-payout-by-method-desktop');

    // 5. The NACHA file and the PayPal batch, as the browser saves them.
    const [achDownload] = await Promise.all([
      page.waitForEvent('download'),
      payout.getByRole('button', { name: 'ACH file (NACHA)' }).click(),
    ]);
    expect(achDownload.suggestedFilename()).toMatch(/\.txt$/);
    const nacha = (await readFile(await achDownload.path(), 'utf8')).split(/\r?\n/).filter(Boolean);
    expect(nacha.every((line) => line.length === 94)).toBe(true);
    expect(nacha.length % 10).toBe(0);
    const entries = nacha.filter((line) => line.startsWith('6'));
    expect(entries).toHaveLength(1);
    // Entry detail: transaction code 22 (checking credit), the partner's routing and account, $100.00 in cents.
    expect(entries[0]!.slice(1, 3)).toBe('22');
    expect(entries[0]!.slice(3, 12)).toBe('021000021');
    expect(entries[0]!.slice(12, 29).trim()).toBe('123456789');
    expect(Number(entries[0]!.slice(29, 39))).toBe(10000);

    const [paypalDownload] = await Promise.all([
      page.waitForEvent('download'),
      payout.getByRole('button', { name: 'PayPal batch (CSV)' }).click(),
    ]);
    const batch = await readFile(await paypalDownload.path(), 'utf8');
    expect(batch).toContain('payouts@paypal-growth.example');
    expect(batch).toContain('50.00');
    expect(batch).toContain('USD');
    expect(batch).not.toContain('021000021');
    await context.close();
  });
});
