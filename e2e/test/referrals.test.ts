// Browser journeys of the referral flow: a partner creates a referral, an admin moves it through
// the pipeline, and a referred customer books a consultation from a referral link.

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerSeed } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal, VIEWS } from '../src/harness';
import { gotoInteractive, screenshot, seriousA11yViolations, openTab } from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();
let adminToken: string;
let partnerToken: string;
let referralCode: string;
const PARTNER = partnerSeed('referrer@e2e.test', 'Referral Partners LLC', 'Riley Referrer');

beforeAll(async () => {
  const client = journey.api();
  adminToken = await client.adminToken();
  const created = await client.createPartner(adminToken, { ...PARTNER, website: 'https://referrer.example' });
  if (created.status !== 'active') throw new Error(`partner is ${created.status}`);
  partnerToken = created.token;
  referralCode = created.referralCode;
});

/** Moves a pipeline deal through its stage selector: the card's stage button, then the stage in its menu. */
async function moveDeal(page: Page, client: string, stage: string) {
  await page.getByRole('button', { name: `Stage of ${client}:` }).click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: stage, exact: true }).click();
}

/** Picks an option of a Mantine Select by its visible label. */
async function choose(page: Page, selectLabel: string, option: string) {
  await page.getByRole('combobox', { name: selectLabel }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('referrals in Chromium', () => {
  it('a partner creates a referral and sees it in the list', async () => {
    const { page, context } = await journey.signedInPage(partnerToken, '/dashboard', DESKTOP);
    await page.getByText(`Welcome back, ${PARTNER.contactName}`).waitFor();
    await page.getByText('No referrals yet. Create your first referral to get started!').waitFor();
    const month = new Date().toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    expect(await page.getByText(`${month} earnings`).isVisible()).toBe(true);
    await screenshot(page, 'partner-dashboard-empty-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New Referral' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Referral' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create Referral' }).click();
    await dialog.getByText('Company name is required').waitFor();
    await dialog.getByLabel('Client Company Name').fill('Northwind Goods');
    await dialog.getByLabel('Client Email').fill('owner@northwind.example');
    await choose(page, 'Service Type', 'Controller $100/month');
    await dialog.getByLabel('Monthly Value ($)').fill('3200');
    await dialog.getByLabel('Notes').fill('Shopify Plus store, wants monthly close');
    await screenshot(page, 'partner-new-referral-dialog-desktop');
    await dialog.getByRole('button', { name: 'Create Referral' }).click();
    await page.getByText('Referral Created').waitFor();
    const card = page.getByTestId('referral-card').filter({ hasText: 'Northwind Goods' });
    await card.waitFor();
    expect(await card.textContent()).toContain('$100.00/month');
    expect(await card.textContent()).toContain('Booked');
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'partner-dashboard-referrals-desktop');

    await openTab(page, 'Marketing');
    await page.getByTestId('referral-code').waitFor();
    expect(await page.getByLabel('Referral link', { exact: true }).inputValue()).toBe(
      `${journey.portal.baseUrl}/r/${referralCode}`,
    );
    await screenshot(page, 'partner-dashboard-marketing-desktop');
    await openTab(page, 'Settings');
    await page.getByText('Account settings').waitFor();
    expect(await page.getByRole('link', { name: 'Visit Website' }).getAttribute('target')).toBe('_blank');
    await screenshot(page, 'partner-dashboard-settings-desktop');
    await context.close();

    const mobile = await journey.signedInPage(partnerToken, '/dashboard', MOBILE);
    await mobile.page.getByTestId('referral-card').first().waitFor();
    await screenshot(mobile.page, 'partner-dashboard-referrals-mobile');
    expect(await seriousA11yViolations(mobile.page)).toEqual([]);
    await mobile.page.getByRole('button', { name: 'New Referral' }).click();
    await mobile.page.getByRole('dialog', { name: 'New Referral' }).waitFor();
    await screenshot(mobile.page, 'partner-new-referral-dialog-mobile');
    await mobile.page.keyboard.press('Escape');
    await openTab(mobile.page, 'Marketing');
    await mobile.page.getByTestId('referral-code').waitFor();
    await screenshot(mobile.page, 'partner-dashboard-marketing-mobile');
    expect(await seriousA11yViolations(mobile.page)).toEqual([]);
    await openTab(mobile.page, 'Settings');
    await mobile.page.getByText('Account settings').waitFor();
    await screenshot(mobile.page, 'partner-dashboard-settings-mobile');
    await mobile.context.close();
  });

  it('an admin moves the referral to won and the partner sees the stage', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    const deal = page.locator('[data-testid="deal-card"][data-deal="Northwind Goods"]');
    await page.getByTestId('pipeline-column-booked').locator('[data-deal="Northwind Goods"]').waitFor();
    await screenshot(page, 'admin-pipeline-desktop');
    // The stage selector: a button naming the stage, its menu of the five stages with the current one checked.
    await deal.getByRole('button', { name: 'Stage of Northwind Goods: Booked' }).click();
    const menu = page.getByRole('menu');
    // The menu opens after its transition starts: poll until its five items are there.
    await expect
      .poll(() => menu.getByRole('menuitemradio').allTextContents())
      .toEqual(['Booked', 'Qualified', 'Proposal', 'Won', 'Lost']);
    expect(await menu.getByRole('menuitemradio', { checked: true }).textContent()).toBe('Booked');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-pipeline-stage-menu-desktop');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await moveDeal(page, 'Northwind Goods', 'Won');
    // Won asks for the signing date (today) and the annual sales, and says whether the client qualifies.
    const winning = page.getByRole('dialog', { name: 'Mark deal as won' });
    await winning.getByTestId('won-outcome').waitFor();
    await winning.getByRole('button', { name: 'Mark as Won' }).click();
    await page.getByTestId('pipeline-column-won').locator('[data-deal="Northwind Goods"]').waitFor();
    await page.getByText('Northwind Goods moved to Won.').waitFor();
    expect(await deal.count()).toBe(1);
    await deal.getByRole('button', { name: 'Stage of Northwind Goods: Won' }).waitFor();
    await screenshot(page, 'admin-pipeline-won-desktop');
    expect((await seriousA11yViolations(page)).filter((v) => v.includes('pipeline') || v.includes('deal'))).toEqual([]);

    // Stored, not local: a fresh load shows it in Won.
    await page.reload();
    await page.getByTestId('pipeline-column-won').locator('[data-deal="Northwind Goods"]').waitFor();
    await context.close();

    const partner = await journey.signedInPage(partnerToken, '/dashboard', DESKTOP);
    const card = partner.page.getByTestId('referral-card').filter({ hasText: 'Northwind Goods' });
    await card.getByText('Won', { exact: true }).waitFor();
    // The won deal is active now: one active client.
    expect(await partner.page.getByTestId('summary-active-clients').textContent()).toBe('1');
    await partner.context.close();
  });

  it('an admin marks a deal lost with a reason, and adds a client to an active partner', async () => {
    const client = journey.api();
    await client.call(
      'POST',
      '/api/partners/referrals',
      { clientCompanyName: 'Fabrikam Outlet', monthlyValue: '900' },
      partnerToken,
    );
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    await page.getByTestId('pipeline-column-booked').locator('[data-deal="Fabrikam Outlet"]').waitFor();
    // By keyboard: the menu opens on the current stage, End goes to Lost, Enter asks for the reason
    // in a dialog that keeps the focus.
    await page.getByRole('button', { name: 'Stage of Fabrikam Outlet: Booked' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Booked');
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Lost');
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Mark deal as lost' });
    await expect
      .poll(async () => modal.getByLabel('Lost reason').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await modal.getByLabel('Lost reason').fill('Chose an in-house bookkeeper');
    await screenshot(page, 'admin-lost-reason-desktop');
    await modal.getByRole('button', { name: 'Mark as Lost' }).click();
    await page.getByTestId('pipeline-column-lost').getByText('Chose an in-house bookkeeper').waitFor();
    await page
      .getByTestId('pipeline-column-lost')
      .getByRole('button', { name: 'Stage of Fabrikam Outlet: Lost' })
      .waitFor();
    const stored = await client.call<Array<{ clientCompanyName: string; stage: string; lostReason: string }>>(
      'GET',
      '/api/admin/referrals?search=Fabrikam',
      undefined,
      adminToken,
    );
    expect(stored.body[0]).toMatchObject({ stage: 'lost', lostReason: 'Chose an in-house bookkeeper' });

    await page.getByRole('button', { name: 'Add Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    await dialog.getByRole('combobox', { name: 'Affiliate' }).click();
    await page.getByRole('option', { name: PARTNER.companyName }).click();
    await dialog.getByLabel('Client Company Name').fill('Contoso Supply');
    await dialog.getByLabel('Monthly Value ($)').fill('1500');
    await screenshot(page, 'admin-add-client-desktop');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await page.getByText('Client added successfully!').waitFor();
    await page.getByTestId('pipeline-column-booked').locator('[data-deal="Contoso Supply"]').waitFor();
    await context.close();

    const mobile = await journey.signedInPage(adminToken, '/admin', MOBILE);
    await mobile.page.getByTestId('pipeline-column-won').locator('[data-deal="Northwind Goods"]').waitFor();
    await mobile.page.getByTestId('pipeline-column-booked').scrollIntoViewIfNeeded();
    await screenshot(mobile.page, 'admin-pipeline-mobile');
    await mobile.page.getByRole('button', { name: 'Add Client' }).click();
    await mobile.page
      .getByRole('dialog', { name: 'Add New Client' })
      .getByRole('combobox', { name: 'Affiliate' })
      .waitFor();
    await screenshot(mobile.page, 'admin-add-client-mobile');
    await mobile.context.close();
  });

  for (const [name, viewport] of VIEWS) {
    it(`a referred customer opens a link with UTM parameters and books a consultation (${name})`, async () => {
      const before = await journey
        .api()
        .call<{ linkVisitsThisMonth: number }>('GET', '/api/partners/metrics', undefined, partnerToken);
      const { page, context } = await journey.newPage(viewport);
      // The scheduling service is external: answer it locally so the new tab loads.
      await context.route('https://schedule.example.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Schedule</title>ok' }),
      );
      const visit = page.waitForResponse((res) => res.url().includes('public.recordVisit'));
      await gotoInteractive(
        page,
        `${journey.portal.baseUrl}/r/${referralCode}?utm_source=newsletter&utm_medium=email&utm_campaign=Spring%20Promo`,
      );
      expect((await visit).status()).toBe(200);
      await page.getByTestId('referral-badge').getByText('Referred by Spring Promo').waitFor();
      await page.getByTestId('referral-footer').getByText(PARTNER.companyName).waitFor();
      expect(await page.getByTestId('referral-footer').textContent()).toContain(referralCode);
      for (const stat of ['500+', '$2M+', '98%', '15%'])
        expect(await page.getByText(stat, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByTestId('service-cfo').getByText('Most Popular').isVisible()).toBe(true);
      await screenshot(page, `referral-landing-${name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await page.getByTestId('select-cfo').click();
      expect(await page.getByTestId('service-cfo').getAttribute('data-selected')).toBe('true');
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByRole('link', { name: 'Schedule Free Consultation' }).click(),
      ]);
      await popup.waitForURL(/schedule\.example\.com/);
      const url = new URL(popup.url());
      expect(url.origin + url.pathname).toBe('https://schedule.example.com/consultation');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        ref: referralCode,
        service: 'cfo',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'Spring Promo',
        utm_content: referralCode,
        utm_term: 'cfo',
      });

      const [basicPopup] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByTestId('service-basic').getByRole('link', { name: 'Schedule Consultation' }).click(),
      ]);
      await basicPopup.waitForURL(/schedule\.example\.com/);
      expect(new URL(basicPopup.url()).searchParams.get('service')).toBe('basic');

      // The mobile run is the same visitor (address and browser) within 30 minutes: counted once.
      const after = await journey
        .api()
        .call<{ linkVisitsThisMonth: number }>('GET', '/api/partners/metrics', undefined, partnerToken);
      expect(after.body.linkVisitsThisMonth).toBe(before.body.linkVisitsThisMonth + (name === 'desktop' ? 1 : 0));
      await context.close();
    });
  }

  it('an unknown code still shows the page without a referrer, and booking still works', async () => {
    const { page, context } = await journey.newPage(MOBILE);
    await context.route('https://schedule.example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: 'ok' }),
    );
    await gotoInteractive(page, `${journey.portal.baseUrl}/partners/NOPE-0000`);
    await page.getByTestId('referral-badge').getByText('Partner Referral').waitFor();
    await page.getByTestId('referral-footer').getByText('NOPE-0000').waitFor();
    await expect.poll(() => page.getByTestId('referral-footer').textContent()).not.toContain('Referred by');
    // The visitor is told the code names no active partner, and that booking still works.
    expect(await page.getByTestId('referral-footer').textContent()).toBe(
      'Referral code NOPE-0000 is not an active partner’s code. You can still book a consultation; tell us who sent you.',
    );
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Schedule Free Consultation' }).click(),
    ]);
    await popup.waitForURL(/schedule\.example\.com/);
    expect(Object.fromEntries(new URL(popup.url()).searchParams)).toEqual({
      ref: 'NOPE-0000',
      service: 'general',
      utm_content: 'NOPE-0000',
    });
    await screenshot(page, 'referral-landing-unknown-mobile');
    await context.close();
  });
});
