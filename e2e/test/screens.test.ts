// Every screen of spec §2 in Chromium at 1366 px and 390 px wide: the spec's texts asserted, axe-core
// run on each (no serious or critical violations), no sideways scrolling, and a screenshot of each
// named by screen and width (e2e/.artifacts/screen-<name>-<width>.png). State is seeded through the
// REST API; the screens are only looked at.

import { formatMonthKey, formatMonthShort, previousMonthKey } from '@portal/contracts/plain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerSeed } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal } from '../src/harness';
import {
  fitsWidth,
  gotoInteractive,
  noToasts,
  screenshot,
  seriousA11yViolations,
  settled,
  sidewaysScrollers,
  openTab,
  useScheme,
} from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();
let adminToken: string;
let partnerToken: string;
let referralCode: string;
let applicantToken: string;
let rejectedToken: string;
let newcomerToken: string;

const MONTH = previousMonthKey(new Date());
const PARTNER = partnerSeed('screens-partner@e2e.test', 'Screenshot Partners LLC', 'Sam Screens');
const APPLICANT = { companyName: 'Pending Pixels Agency', contactName: 'Penny Pending' };
const REJECTED = { companyName: 'Declined Deals Co', contactName: 'Dora Declined' };

beforeAll(async () => {
  const client = journey.api();
  adminToken = await client.adminToken();

  // An active partner (no website: Settings shows 'Not provided') with a won client whose contract
  // started in the month just ended (accrued: one pending commission) and a booked referral.
  const partner = await client.createPartner(adminToken, PARTNER);
  partnerToken = partner.token;
  referralCode = partner.referralCode;
  await client.addWonClient(adminToken, {
    partnerId: partner.id,
    clientCompanyName: 'Harbor Outfitters',
    clientEmail: 'ops@harbor.example',
    serviceType: 'controller',
    monthlyValue: 4200,
    contractStartDate: `${MONTH}-01`,
  });
  await client.expectCall(
    [200, 201],
    'POST',
    '/api/partners/referrals',
    {
      clientCompanyName: 'Northwind Goods',
      clientEmail: 'owner@northwind.example',
      monthlyValue: '1800',
      notes: 'Shopify store, monthly close',
    },
    partnerToken,
  );
  // The screens' fees come from the monthly accrual (fee basis activeMonth), not from client payments.
  await client.accrueActiveMonth(adminToken, MONTH);

  // A pending applicant, a rejected one, and a new account without an application.
  applicantToken = (
    await client.apply('screens-applicant@e2e.test', 'partner-password-1', APPLICANT.companyName, APPLICANT.contactName)
  ).token;
  // The rejected screen names the program's support address.
  await client.expectCall(
    200,
    'PATCH',
    '/api/admin/program-settings',
    { supportEmail: 'partners@screens.e2e.test' },
    adminToken,
  );
  const rejected = await client.apply(
    'screens-rejected@e2e.test',
    'partner-password-1',
    REJECTED.companyName,
    REJECTED.contactName,
  );
  rejectedToken = rejected.token;
  await client.expectCall(
    200,
    'POST',
    `/api/admin/partners/${rejected.id}/reject`,
    { reason: 'Outside our market' },
    adminToken,
  );
  newcomerToken = await client.register('screens-newcomer@e2e.test', 'partner-password-1');
});

const WIDTHS = [
  ['1366', DESKTOP],
  ['390', MOBILE],
] as const;

/** A class name only recharts' code contains: its chunk loads with the charts and never on the landing page. */
const CHART_LIBRARY_MARK = 'recharts-wrapper';

/** The scripts the page has loaded whose text contains `mark`. */
async function scriptsContaining(page: Page, mark: string): Promise<string[]> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.m?js(\?|$)/.test(name)),
  );
  const found: string[] = [];
  for (const url of urls) if ((await (await fetch(url)).text()).includes(mark)) found.push(url);
  return found;
}

/** Every text is on the page and visible. */
async function expectTexts(scope: Page | ReturnType<Page['getByRole']>, texts: readonly string[]) {
  for (const text of texts) {
    const match = scope.getByText(text, { exact: true }).first();
    await match.waitFor({ state: 'visible' }).catch(() => {
      throw new Error(`'${text}' is not visible`);
    });
  }
}

/**
 * axe on the whole page (with `colours`, only the rules a second colour scheme can change), no sideways
 * scrolling, then the screenshot. Soft: every screen is reported.
 */
async function check(page: Page, name: string, width: string, rules: 'all' | 'colours' = 'all') {
  const violations = await seriousA11yViolations(page, rules);
  expect.soft(violations, `axe on ${name} at ${width} px`).toEqual([]);
  expect.soft(await fitsWidth(page), `${name} fits ${width} px`).toBe(true);
  await screenshot(page, `screen-${name}-${width}`);
}

/** The dialog of that name, open, its heading shown and its opening transition over. */
async function openedDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('heading', { name }).waitFor();
  await settled(page);
  return dialog;
}

async function closeDialog(page: Page, name: string) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name }).waitFor({ state: 'detached' });
}

describe.each(WIDTHS)('every screen of spec §2 at %s px', (width, viewport) => {
  let context: BrowserContext;
  let page: Page;

  async function fresh(): Promise<Page> {
    await context?.close();
    ({ context, page } = await journey.newPage(viewport));
    return page;
  }
  afterAll(async () => {
    await context?.close();
  });

  it('landing page and the authentication dialog in both modes', async () => {
    await fresh();
    await gotoInteractive(page, `${journey.portal.baseUrl}/`);
    await page.getByRole('heading', { name: 'Earn recurring commissions for every business you refer' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create Partner Account', exact: true }).isVisible()).toBe(true);
    await expectTexts(page, ['$50/mo', '$100/mo', '127+', '32%', 'Lifetime', 'Partner Portal', 'Admin Portal']);
    await expectTexts(page, [
      'Track referral status and earnings',
      'Generate unique referral links',
      'Download marketing materials',
    ]);
    await expectTexts(page, ['Partner approval queue', 'Deal pipeline management', 'Bulk payout processing']);
    await check(page, 'landing', width);
    expect(await scriptsContaining(page, CHART_LIBRARY_MARK), 'chart code on the landing page').toEqual([]);

    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    let dialog = await openedDialog(page, 'Sign In');
    expect(await dialog.getByLabel('Email').isVisible()).toBe(true);
    expect(await dialog.getByLabel(/^Password/).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    await check(page, 'auth-dialog-login', width);

    await dialog.getByRole('button', { name: 'Create a partner account' }).click();
    dialog = await openedDialog(page, 'Create Partner Account');
    expect(await dialog.getByRole('button', { name: 'Create Account', exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await check(page, 'auth-dialog-register', width);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('onboarding: the registration form with the agreement', async () => {
    await fresh();
    await journey.signIn(page, newcomerToken, '/onboarding');
    await page.getByText('Welcome to Ledgerline Partners').waitFor();
    await expectTexts(page, [
      'Partner Registration',
      'Complete Your Partner Registration',
      'Please scroll to the bottom of the agreement to continue.',
    ]);
    expect(await page.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Submit Partner Application' }).isVisible()).toBe(true);
    expect(await page.getByLabel('I have read and agree to the terms of the Affiliate Agreement').isDisabled()).toBe(
      true,
    );
    await check(page, 'onboarding-form', width);
  });

  it("onboarding: 'Application Under Review'", async () => {
    await fresh();
    await journey.signIn(page, applicantToken, '/onboarding');
    await page.getByText('Application Under Review').waitFor();
    await expectTexts(page, [APPLICANT.companyName, APPLICANT.contactName, 'Pending', 'What happens next?']);
    await page.getByText(/email notification/).waitFor();
    await page.getByText(/unique referral code and marketing materials/).waitFor();
    await check(page, 'onboarding-pending', width);
  });

  it("onboarding: 'Account Status: Rejected'", async () => {
    await fresh();
    await journey.signIn(page, rejectedToken, '/onboarding');
    await page.getByText('Account Status: Rejected').waitFor();
    await expectTexts(page, [REJECTED.companyName]);
    await page.getByRole('link', { name: 'partners@screens.e2e.test' }).waitFor();
    await check(page, 'onboarding-rejected', width);
  });

  it('partner dashboard: the four cards, each tab, Link Copied, and the New Referral dialog', async () => {
    await fresh();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.portal.baseUrl });
    await journey.signIn(page, partnerToken, '/dashboard');
    await page.getByText(`Welcome back, ${PARTNER.contactName}`).waitFor();
    const month = new Date().toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    await expectTexts(page, [
      'Total Earnings',
      'Pending',
      'This Month',
      'Active Clients',
      'Lifetime commission earnings',
      'Awaiting payment',
      `${month} earnings`,
      'Generating monthly recurring commissions',
    ]);
    expect(await page.getByTestId('summary-total-earnings').textContent()).toBe('$0.00');
    expect(await page.getByTestId('summary-pending').textContent()).toBe('$100.00');
    expect(await page.getByTestId('summary-active-clients').textContent()).toBe('1');

    // The four tabs stand on one line where they fit; on a phone they wrap two to a line, as a grid of equal halves.
    const tabBoxes = await page
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect()).map(({ top, width }) => ({ top, width })));
    expect(tabBoxes).toHaveLength(4);
    const rows = new Set(tabBoxes.map((box) => Math.round(box.top)));
    if (width === '390') {
      expect(rows.size).toBe(2);
      const widths = tabBoxes.map((box) => box.width);
      expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(2);
    } else expect(rows.size).toBe(1);

    // Referrals (the default tab).
    const cards = page.getByTestId('referral-card');
    await cards.nth(1).waitFor();
    expect(await cards.filter({ hasText: 'Harbor Outfitters' }).getByText('Won', { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await cards.filter({ hasText: 'Northwind Goods' }).getByText('Booked', { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await cards.filter({ hasText: 'Harbor Outfitters' }).textContent()).toContain('$100.00/month');
    await check(page, 'partner-referrals', width);

    await page.getByRole('button', { name: 'New Referral' }).click();
    const dialog = await openedDialog(page, 'New Referral');
    for (const label of [
      'Client Company Name',
      'Client Email',
      'Client Phone',
      'Monthly Value ($)',
      'Consultation Date',
      'Notes',
    ]) {
      expect(await dialog.getByLabel(label).isVisible(), label).toBe(true);
    }
    expect(await dialog.getByRole('combobox', { name: 'Service Type' }).inputValue()).toBe(
      'Basic Accounting $50/month',
    );
    await check(page, 'partner-new-referral', width);
    await closeDialog(page, 'New Referral');

    // Commissions: the accrued month, pending.
    await openTab(page, 'Commissions');
    const commission = page.getByTestId('commission-card');
    await commission.first().waitFor();
    expect(await commission.getByTestId('commission-amount').textContent()).toBe('$100.00');
    expect(await commission.getByTestId('commission-status').textContent()).toBe('Pending');
    expect(await commission.textContent()).toContain(formatMonthKey(MONTH));
    await check(page, 'partner-commissions', width);

    // Marketing: the link (origin + /r/{code}), the code, and the copy button.
    await openTab(page, 'Marketing');
    await page.getByTestId('referral-code').waitFor();
    expect(await page.getByTestId('referral-code').textContent()).toBe(referralCode);
    expect(await page.getByLabel('Referral link', { exact: true }).inputValue()).toBe(
      `${journey.portal.baseUrl}/r/${referralCode}`,
    );
    await check(page, 'partner-marketing', width);
    await page.getByRole('button', { name: 'Copy referral link' }).click();
    await page.getByText('Link Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${journey.portal.baseUrl}/r/${referralCode}`,
    );
    await screenshot(page, `screen-partner-link-copied-${width}`);
    await noToasts(page);

    // Settings: read-only, the website 'Not provided'.
    await openTab(page, 'Settings');
    await page.getByText('Account settings').waitFor();
    await expectTexts(page, [
      PARTNER.companyName,
      PARTNER.contactName,
      'Agency',
      'Not provided',
      'Wire Transfer',
      'Active',
    ]);
    await check(page, 'partner-settings', width);
  });

  it('admin dashboard and its dialogs', async () => {
    await fresh();
    await journey.signIn(page, adminToken, '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    for (const button of ['Export Data', 'Add Client', 'Create Partner', 'Partner Settings', 'Logout']) {
      expect(await page.getByRole('button', { name: button, exact: true }).isVisible(), button).toBe(true);
    }
    await expectTexts(page, [
      'Total Partner Commissions',
      'Active Partners',
      'Monthly Referral Revenue',
      'Conversion Rate',
    ]);
    for (const heading of ['Partner Approval Queue', 'Payout Processor', 'Deal Pipeline', 'All Affiliates']) {
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    await page.getByTestId('approval-row').filter({ hasText: APPLICANT.companyName }).waitFor();
    expect(await page.getByTestId('approval-count').textContent()).toBe('1');
    // Payout Processor: the accrued commission, a select-all checkbox and 'Process N Payouts'.
    await page.getByTestId('payout-row').filter({ hasText: PARTNER.companyName }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Select all' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Process 0 Payouts?$/ }).isDisabled()).toBe(true);
    // Its table fits the width without scrolling sideways (at 390 px: partner, details under it, amount and actions).
    const processor = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Payout Processor' }) });
    expect(await sidewaysScrollers(processor), `processor fits ${width} px`).toEqual([]);
    // Deal Pipeline: five columns.
    for (const stage of ['booked', 'qualified', 'proposal', 'won', 'lost'])
      await page.getByTestId(`pipeline-column-${stage}`).waitFor();
    expect(await page.locator('[data-testid^="pipeline-column-"]').count()).toBe(5);
    for (const label of ['Booked', 'Qualified', 'Proposal', 'Won', 'Lost'])
      expect(await page.getByRole('region', { name: `${label} deals` }).count()).toBe(1);
    await page.getByTestId('pipeline-column-won').locator('[data-deal="Harbor Outfitters"]').waitFor();
    await page.getByTestId('pipeline-column-booked').locator('[data-deal="Northwind Goods"]').waitFor();
    // Each deal's stage selector: a button naming the stage (its menu mounts on open), no combobox per card.
    await page
      .getByTestId('pipeline-column-won')
      .getByRole('button', { name: 'Stage of Harbor Outfitters: Won' })
      .waitFor();
    expect(await page.getByTestId('deal-card').getByRole('combobox').count()).toBe(0);
    // All Affiliates: the spec's columns.
    const affiliates = page.getByTestId('affiliates');
    await affiliates.getByRole('row').filter({ hasText: PARTNER.companyName }).waitFor();
    if (width === '390') {
      // On a card the company heads it whole: its name wraps rather than being cut (no hover shows it on a phone).
      const titles = affiliates.locator('td[data-card="title"] [data-truncate-text]');
      expect(await titles.count()).toBeGreaterThan(0);
      expect(await titles.evaluateAll((els) => els.map((el) => getComputedStyle(el).whiteSpace))).not.toContain(
        'nowrap',
      );
    }
    // Type and Email share the Company and Contact columns ("Company / Type"), so every column stays in view.
    for (const column of [
      'Company',
      'Contact',
      'Email',
      'Type',
      'Status',
      'Referral Code',
      'MRR',
      'Total Earned',
      'Joined',
    ]) {
      expect(
        await affiliates.getByRole('columnheader', { name: new RegExp(`\\b${column}\\b`) }).count(),
        column,
      ).toBeGreaterThan(0);
    }
    await check(page, 'admin-dashboard', width);

    await page.getByRole('button', { name: `View details of ${APPLICANT.companyName}` }).click();
    let dialog = await openedDialog(page, 'Partner Application Details');
    await dialog.getByText('screens-applicant@e2e.test').waitFor();
    await expectTexts(dialog, [
      'Company Information',
      'Contact Information',
      'Business Details',
      'Application Status',
      APPLICANT.companyName,
      APPLICANT.contactName,
    ]);
    await check(page, 'admin-partner-details', width);
    await closeDialog(page, 'Partner Application Details');

    await page.getByRole('button', { name: 'Create Partner', exact: true }).click();
    dialog = await openedDialog(page, 'Create New Partner');
    for (const label of ['Email', 'Company Name', 'Contact Name', 'Website', 'Phone'])
      expect(await dialog.getByLabel(new RegExp(`^${label}`)).isVisible(), label).toBe(true);
    await check(page, 'admin-create-partner', width);
    await closeDialog(page, 'Create New Partner');

    await page.getByRole('button', { name: 'Add Client', exact: true }).click();
    dialog = await openedDialog(page, 'Add New Client');
    await dialog.getByRole('combobox', { name: 'Affiliate' }).waitFor();
    for (const label of ['Client Company Name', 'Client Email', 'Monthly Value ($)', 'Contract Start Date'])
      expect(await dialog.getByLabel(label).isVisible(), label).toBe(true);
    await check(page, 'admin-add-client', width);
    await closeDialog(page, 'Add New Client');
  });

  it('dashboard charts: named figures, their tables, in the light and the dark theme', async () => {
    /** The figure of that name, its chart drawn (the lazily loaded chart code arrived). */
    async function chartOf(name: string) {
      const figure = page.getByRole('figure', { name, exact: true });
      await figure.locator('.recharts-surface').first().waitFor();
      return figure;
    }
    async function bothThemes(name: string, figures: string[]) {
      for (const scheme of ['light', 'dark'] as const) {
        if (scheme === 'dark') await useScheme(page, 'dark');
        for (const figure of figures) await chartOf(figure);
        await check(page, `${name}-charts-${scheme}`, width, scheme === 'light' ? 'all' : 'colours');
      }
    }

    await fresh();
    await journey.signIn(page, partnerToken, '/dashboard');
    await bothThemes('partner', ['Earnings by month', 'Referrals by stage']);
    // The stage names under the bars never run into each other ("BookedQualified" at 390 px): level with a
    // space between them, or slanted far enough apart for a line of 12 px text.
    const ticks = await page.getByRole('figure', { name: 'Referrals by stage', exact: true }).evaluate((figure) =>
      Array.from(figure.querySelectorAll<SVGTextElement>('text[orientation="bottom"]')).map((text) => ({
        x: Number(text.getAttribute('x')),
        length: text.getComputedTextLength(),
        angle: Number(/rotate\((-?[\d.]+)/.exec(text.getAttribute('transform') ?? '')?.[1] ?? 0),
      })),
    );
    expect(ticks).toHaveLength(5);
    for (let i = 1; i < ticks.length; i++) {
      const [left, right] = [ticks[i - 1], ticks[i]] as [(typeof ticks)[number], (typeof ticks)[number]];
      const distance = right.x - left.x;
      if (right.angle === 0)
        expect(
          distance - (left.length + right.length) / 2,
          `space between stage names at ${width} px`,
        ).toBeGreaterThanOrEqual(6);
      else
        expect(
          distance * Math.sin((Math.abs(right.angle) * Math.PI) / 180),
          `slanted stage names at ${width} px`,
        ).toBeGreaterThanOrEqual(12);
    }
    // The table alternative: the accrued month's $100.00 pending, and one referral won, one booked.
    const earnings = page.getByRole('figure', { name: 'Earnings by month', exact: true });
    await earnings.getByRole('switch', { name: 'Show as table' }).check();
    const monthRow = earnings.getByRole('row').filter({ hasText: formatMonthShort(MONTH) });
    expect(await monthRow.getByRole('cell').allTextContents()).toEqual([formatMonthShort(MONTH), '$0.00', '$100.00']);
    const stages = page.getByRole('figure', { name: 'Referrals by stage', exact: true });
    await stages.getByRole('switch', { name: 'Show as table' }).check();
    expect(await stages.getByRole('row').filter({ hasText: 'Won' }).getByRole('cell').allTextContents()).toEqual([
      'Won',
      '1',
    ]);
    expect(await stages.getByRole('row').filter({ hasText: 'Booked' }).getByRole('cell').allTextContents()).toEqual([
      'Booked',
      '1',
    ]);
    await check(page, 'partner-charts-tables-dark', width);
    // The chart library came with the dashboard (and, per the landing test, not before).
    expect(await scriptsContaining(page, CHART_LIBRARY_MARK)).not.toEqual([]);

    await fresh();
    await journey.signIn(page, adminToken, '/admin');
    await bothThemes('admin', ['Program trend', 'Referral MRR']);
    const mrr = page.getByRole('figure', { name: 'Referral MRR', exact: true });
    await mrr.getByRole('switch', { name: 'Show as table' }).check();
    expect(
      await mrr
        .getByRole('row')
        .filter({ hasText: formatMonthShort(MONTH) })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual([formatMonthShort(MONTH), '$4,200.00']);
    const trend = page.getByRole('figure', { name: 'Program trend', exact: true });
    await trend.getByRole('switch', { name: 'Show as table' }).check();
    const thisMonth = formatMonthShort(new Date().toISOString().slice(0, 7));
    expect(await trend.getByRole('row').filter({ hasText: thisMonth }).getByRole('cell').allTextContents()).toEqual([
      thisMonth,
      '$0.00',
      '2',
      '1',
    ]);
    await check(page, 'admin-charts-tables-dark', width);
  });

  it("referral landing page /r/{code}: 'Partner Referral' without a campaign, 'Referred by {campaign}' with one", async () => {
    await fresh();
    await gotoInteractive(page, `${journey.portal.baseUrl}/r/${referralCode}`);
    await page.getByTestId('referral-badge').getByText('Partner Referral', { exact: true }).waitFor();
    await page.getByTestId('referral-footer').getByText(PARTNER.companyName).waitFor();
    await expectTexts(page, ['500+', '$2M+', '98%', '15%', 'Most Popular']);
    expect(await page.getByRole('link', { name: 'Schedule Free Consultation' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Schedule Consultation' }).count()).toBe(2);
    if (width === '1366') {
      // Side by side, the two offers' buttons sit level at the cards' foot, whatever each list's length.
      const schedule = page.getByRole('link', { name: 'Schedule Consultation' });
      const [basic, cfo] = await Promise.all([schedule.nth(0).boundingBox(), schedule.nth(1).boundingBox()]);
      expect(Math.abs((basic?.y ?? 0) - (cfo?.y ?? -10))).toBeLessThanOrEqual(1);
    }
    await check(page, 'referral-landing', width);

    await gotoInteractive(
      page,
      `${journey.portal.baseUrl}/r/${referralCode}?utm_source=newsletter&utm_medium=email&utm_campaign=Spring%20Promo`,
    );
    await page.getByTestId('referral-badge').getByText('Referred by Spring Promo', { exact: true }).waitFor();
    await page.getByTestId('referral-footer').getByText(PARTNER.companyName).waitFor();
    await check(page, 'referral-landing-campaign', width);
  });

  it('/partners/{code} and the 404 page', async () => {
    await fresh();
    await gotoInteractive(page, `${journey.portal.baseUrl}/partners/${referralCode}`);
    await page.getByTestId('referral-badge').getByText('Partner Referral', { exact: true }).waitFor();
    await page.getByTestId('referral-footer').getByText(PARTNER.companyName).waitFor();
    expect(await page.getByTestId('referral-footer').textContent()).toContain(referralCode);
    await check(page, 'partners-code', width);

    await page.goto(`${journey.portal.baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expectTexts(page, ['Did you forget to add the page to the router?']);
    await check(page, 'not-found', width);
  });
});
