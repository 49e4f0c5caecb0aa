// The agreement in force, in Chromium: the administrator publishes terms version 2 (basic fee 60.00) on the
// admin dashboard; the partner meets "Review the updated agreement" at their next visit, reads what changed,
// scrolls the agreement to the bottom and accepts; a referral accepted after that earns 60.00 on its first
// payment while one accepted before still earns 50.00.

import { previousMonthKey } from '@portal/contracts/plain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, usePortal, VIEWS } from '../src/harness';
import { schemeShown, seriousA11yViolations, sidewaysScrollers, settledScreenshot } from '../src/page-checks';

const journey = usePortal();

const PASSWORD = 'terms-password-1';
const PARTNER = { email: 'terms-partner@e2e.test', companyName: 'Clause Growth Partners' };
const OLD_CLIENT = 'Version One Outfitters';
const NEW_CLIENT = 'Version Two Provisions';
const CHANGE = 'The Basic Accounting fee rises to $60 per month';
/** The month paid for, and a contract that started before it. */
const MONTH = previousMonthKey(new Date());
const START = `${previousMonthKey(new Date(`${MONTH}-15`))}-01`;
const PAID_AT = new Date().toISOString().slice(0, 10);

let adminToken: string;
let partnerToken: string;
let partnerId: string;
let oldReferralId: string;

async function addWonClient(clientCompanyName: string): Promise<{ id: string; commissionAmount: string }> {
  return journey.api().addWonClient<{ id: string; commissionAmount: string }>(
    adminToken,
    {
      partnerId,
      clientCompanyName,
      serviceType: 'basic_accounting',
      monthlyValue: '900.00',
      contractStartDate: START,
      annualSales: '1800000.00',
    },
    {},
  );
}

async function payFor(referralId: string): Promise<string | undefined> {
  const paid = await journey
    .api()
    .call<{ commission: { amount: string } | null; reason?: string }>(
      'POST',
      `/api/admin/referrals/${referralId}/payments`,
      { periodMonth: MONTH, amount: '900.00', paidAt: PAID_AT },
      adminToken,
    );
  if (paid.status !== 201) throw new Error(`payment: ${paid.status} ${JSON.stringify(paid.body)}`);
  return paid.body.commission?.amount;
}

/** Screenshots of the page at both widths, light and dark (the page ends light and at `DESKTOP`). */
async function everyWay(page: Page, name: string, ready: () => Promise<void>, part?: () => Locator): Promise<void> {
  for (const [label, viewport] of VIEWS) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', value), scheme);
      await page.reload();
      await schemeShown(page, scheme);
      await ready();
      await settledScreenshot(page, `${name}-${label}-${scheme}`, { of: part?.() });
    }
  }
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await ready();
}

beforeAll(async () => {
  const client = journey.api();
  adminToken = await client.adminToken();
  const created = await client.createPartner(adminToken, {
    email: PARTNER.email,
    password: PASSWORD,
    companyName: PARTNER.companyName,
    contactName: 'Clara Clause',
    expectedVolume: '1-2 referrals/month',
  });
  partnerId = created.id;
  partnerToken = created.token;
  const old = await addWonClient(OLD_CLIENT);
  expect(old.commissionAmount).toBe('50.00');
  oldReferralId = old.id;
});

describe('the agreement in force', () => {
  it('lets the administrator publish terms version 2 with a basic fee of 60.00', async () => {
    const { context, page } = await journey.newPage();
    try {
      await journey.signIn(page, adminToken, '/admin');
      const card = page.getByTestId('program-terms');
      await card.getByTestId('terms-in-force').getByText('Version 1', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Publish new terms' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish new terms' });
      await dialog.getByLabel('Agreement version').fill('2.0');
      await dialog.getByLabel('Basic fee (USD/month)').fill('60.00');
      await dialog.getByLabel('What changed').fill(CHANGE);
      await settledScreenshot(page, 'terms-publish-dialog');
      await dialog.getByRole('button', { name: 'Publish version' }).click();
      await page.getByText('Terms version 2 published').waitFor();
      await card.getByTestId('terms-in-force').getByText('Version 2', { exact: true }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await settledScreenshot(page, 'terms-admin-card', { of: card });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await everyWay(
        page,
        'terms-admin-card',
        () => card.getByTestId('terms-in-force').getByText('Version 2', { exact: true }).waitFor(),
        () => card,
      );
      await page.setViewportSize(MOBILE);
      await card.getByTestId('terms-in-force').getByText('Version 2', { exact: true }).waitFor();
      expect(await sidewaysScrollers(card), 'the terms card fits 390 px').toEqual([]);
      await page.setViewportSize(DESKTOP);
    } finally {
      await context.close();
    }
  });

  it('keeps the partner on version 1 until they scroll the new agreement to the bottom and accept it', async () => {
    const client = journey.api();
    const me = await client.call<{ agreementVersion: string; pendingAgreementVersion: string | null }>(
      'GET',
      '/api/partners/me',
      undefined,
      partnerToken,
    );
    expect(me.body).toMatchObject({ agreementVersion: '1.0', pendingAgreementVersion: '2.0' });

    const { context, page } = await journey.newPage();
    try {
      await journey.signIn(page, partnerToken, '/dashboard');
      await page.getByRole('heading', { name: 'Review the updated agreement' }).waitFor();
      expect(await page.getByTestId('agreement-changes').textContent()).toContain(CHANGE);
      expect(await page.getByText('Partner Dashboard').count()).toBe(0);
      const accept = page.getByRole('button', { name: 'Accept and continue' });
      expect(await accept.isDisabled()).toBe(true);
      const checkbox = page.getByLabel('I have read and agree to the terms of the Affiliate Agreement');
      expect(await checkbox.isDisabled()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await everyWay(page, 'terms-review', () =>
        page.getByRole('heading', { name: 'Review the updated agreement' }).waitFor(),
      );

      await page.getByTestId('agreement-scroll').evaluate((box) => {
        box.scrollTop = box.scrollHeight;
      });
      await page.getByText('Thank you for reading the agreement.').waitFor();
      await checkbox.check();
      await accept.click();
      await page.getByText('Partner Dashboard').waitFor();
    } finally {
      await context.close();
    }
    const after = await client.call<{ agreementVersion: string; pendingAgreementVersion: string | null }>(
      'GET',
      '/api/partners/me',
      undefined,
      partnerToken,
    );
    expect(after.body).toMatchObject({ agreementVersion: '2.0', pendingAgreementVersion: null });
  });

  it('earns 60.00 on the first payment of a referral accepted after that, and 50.00 on the older one', async () => {
    const newer = await addWonClient(NEW_CLIENT);
    expect(newer.commissionAmount).toBe('60.00');
    expect(await payFor(newer.id)).toBe('60.00');
    expect(await payFor(oldReferralId)).toBe('50.00');

    const { context, page } = await journey.newPage();
    try {
      await journey.signIn(page, partnerToken, '/dashboard');
      const cards = page.getByTestId('referral-card');
      await cards.filter({ hasText: NEW_CLIENT }).getByText('$60.00/month').waitFor();
      await cards.filter({ hasText: OLD_CLIENT }).getByText('$50.00/month').waitFor();
      await page.getByRole('button', { name: 'New Referral' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New Referral' });
      await dialog.getByRole('combobox', { name: 'Service Type' }).click();
      await page.getByRole('option', { name: 'Basic Accounting $60/month' }).waitFor();
      await settledScreenshot(page, 'terms-new-referral-fees');
    } finally {
      await context.close();
    }
  });

  it('shows the days left in an open deal’s window on its pipeline card, flagged within 14 days', async () => {
    const client = journey.api();
    const accepted = new Date(Date.now() - 50 * 86_400_000).toISOString().slice(0, 10);
    const added = await client.call(
      'POST',
      '/api/admin/referrals',
      {
        partnerId,
        clientCompanyName: 'Closing Window Co',
        serviceType: 'controller',
        monthlyValue: '1500.00',
        acceptedAt: accepted,
      },
      adminToken,
    );
    expect(added.status).toBe(201);
    const { context, page } = await journey.newPage();
    try {
      await journey.signIn(page, adminToken, '/admin');
      const card = page.locator('[data-deal="Closing Window Co"]');
      const badge = card.getByTestId('window-badge');
      await badge.waitFor();
      expect(await badge.textContent()).toBe('10 days left');
      expect(await badge.getAttribute('data-flagged')).toBe('true');
      await card.scrollIntoViewIfNeeded();
      await settledScreenshot(page, 'terms-window-badge', { of: page.getByTestId('pipeline-column-booked') });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await everyWay(
        page,
        'terms-window-badge',
        () => badge.waitFor(),
        () => card,
      );
    } finally {
      await context.close();
    }
  });
});
