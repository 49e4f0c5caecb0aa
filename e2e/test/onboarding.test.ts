// Partner onboarding in Chromium: sign up, fill the registration form, read and accept the
// agreement, submit, and land on the pending screen — at desktop and phone widths.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, sampleApplication } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal, VIEWS } from '../src/harness';
import { fitsWidth, gotoInteractive, screenshot, seriousA11yViolations } from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();

let counter = 0;
const newEmail = () => `onboarding-${Date.now().toString(36)}-${counter++}@e2e.test`;

async function fillApplication(page: Page, company: string) {
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Contact Name').fill('Ada Lovelace');
  await page.getByLabel('Website').fill('https://acme.example.com');
  await page.getByLabel('Bank Name').fill('First Bank of Oregon');
  await page.getByLabel('Routing Number').pressSequentially('ab02-1000 0219');
  await page.getByLabel(/^Account Number/).pressSequentially('QX77 3412-5590');
  await page.getByLabel('Account Holder Name').fill(`${company} LLC`);
  await page.getByLabel('Bank Address').fill('1 Main St\nPortland, OR 97201');
  await page.getByLabel('Beneficiary Address').fill('2 Side St\nPortland, OR 97202');
}

async function scrollAgreementToBottom(page: Page) {
  await page.getByTestId('agreement-scroll').evaluate((box) => {
    box.scrollTop = box.scrollHeight;
  });
  await page.getByText('Thank you for reading the agreement. You may now accept the terms below.').waitFor();
}

const agreementCheckbox = (page: Page) =>
  page.getByLabel('I have read and agree to the terms of the Affiliate Agreement');

describe('partner onboarding in the browser', () => {
  it('signs up, fills the form, reads and accepts the agreement, submits and shows the pending screen (desktop)', async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    const email = newEmail();
    await gotoInteractive(page, `${journey.portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Create Partner Account' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.locator('input[type="password"]').fill('partner-password-1');
    await dialog.locator('button[type="submit"]').click();

    await page.waitForURL(`${journey.portal.baseUrl}/onboarding`);
    await page.getByText('Welcome to Ledgerline Partners').waitFor();
    expect(await page.getByText('Partner Registration', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Complete Your Partner Registration').isVisible()).toBe(true);

    await fillApplication(page, 'Acme Growth Partners');
    expect(await page.getByLabel('Routing Number').inputValue()).toBe('021000021');
    expect(await page.getByLabel(/^Account Number/).inputValue()).toBe('QX7734125590');
    expect(await page.getByLabel(/^Account Number/).getAttribute('type')).toBe('password');

    // The agreement box is about 24rem (96 Tailwind units) tall and gates the checkbox.
    const box = await page.getByTestId('agreement-scroll').boundingBox();
    expect(box?.height).toBeGreaterThan(370);
    expect(box?.height).toBeLessThan(400);
    expect(await page.getByText('Please scroll to the bottom of the agreement to continue.').isVisible()).toBe(true);
    expect(await agreementCheckbox(page).isDisabled()).toBe(true);
    await screenshot(page, 'onboarding-form-desktop');

    await scrollAgreementToBottom(page);
    expect(await agreementCheckbox(page).isDisabled()).toBe(false);
    await agreementCheckbox(page).check();
    await page.getByText('Agreement accepted').waitFor();

    await page.getByRole('button', { name: 'Submit Partner Application' }).click();
    await page.getByText('Application submitted!').waitFor();
    await page.getByText('Application Under Review').waitFor();
    expect(await page.getByText('Acme Growth Partners').isVisible()).toBe(true);
    expect(await page.getByText('Ada Lovelace').isVisible()).toBe(true);
    expect(await page.getByText('Pending', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('What happens next?').isVisible()).toBe(true);
    await screenshot(page, 'onboarding-pending-desktop');

    // The stored application, as the API reports it: pending, agreement 1.0, bank numbers masked.
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const me = await journey.api().call<Record<string, unknown>>('GET', '/api/partners/me', undefined, token ?? '');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      status: 'pending',
      companyName: 'Acme Growth Partners',
      website: 'https://acme.example.com',
      phone: null,
      agreementSigned: true,
      agreementVersion: '1.0',
      bankRoutingNumberMasked: '•••• 0021',
      bankAccountNumberMasked: '•••• 5590',
    });

    // A reload shows the pending screen again (the record is on the server, not in the page).
    await page.reload();
    await page.getByText('Application Under Review').waitFor();
    await context.close();
  });

  it('works at 390 px: the Agreement Required toast, then submission and the pending screen', async () => {
    const { page, context } = await journey.newPage(MOBILE);
    const token = await journey.api().register(newEmail(), 'partner-password-1');
    await journey.signIn(page, token, '/onboarding');
    await page.getByText('Welcome to Ledgerline Partners').waitFor();
    await fillApplication(page, 'Pocket Partners');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'onboarding-form-mobile');

    await page.getByRole('button', { name: 'Submit Partner Application' }).click();
    await page.getByText('Agreement Required').waitFor();
    expect(await page.getByText('Please accept the affiliate agreement before submitting.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Application Under Review').count()).toBe(0);

    await scrollAgreementToBottom(page);
    await agreementCheckbox(page).check();
    await page.getByRole('button', { name: 'Submit Partner Application' }).click();
    await page.getByText('Application Under Review').waitFor();
    expect(await page.getByText('Pocket Partners').isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'onboarding-pending-mobile');
    await context.close();
  });

  it("shows 'Registration failed' with the server's message when the server refuses the application", async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    const client = journey.api();
    const token = await client.register(newEmail(), 'partner-password-1');
    await journey.signIn(page, token, '/onboarding');
    await page.getByText('Welcome to Ledgerline Partners').waitFor();
    await fillApplication(page, 'Twice Applied Co');
    // The same account applies from elsewhere first, so this submission is a second application.
    const first = await client.call('POST', '/api/partners', sampleApplication('Twice Applied Co', 'Ada'), token);
    expect(first.status).toBe(201);
    await scrollAgreementToBottom(page);
    await agreementCheckbox(page).check();
    await page.getByRole('button', { name: 'Submit Partner Application' }).click();
    await page.getByText('Registration failed').waitFor();
    expect(await page.getByText('You have already submitted a partner application').isVisible()).toBe(true);
    await context.close();
  });

  it('has no serious accessibility violations on the form and the pending screen', async () => {
    // axe is injected as an inline script, which the portal's CSP rightly forbids.
    const context = await journey.browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    const page = await context.newPage();
    const client = journey.api();
    const token = await client.register(newEmail(), 'partner-password-1');
    await journey.signIn(page, token, '/onboarding');
    await page.getByText('Welcome to Ledgerline Partners').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fillApplication(page, 'Accessible Co');
    await scrollAgreementToBottom(page);
    await agreementCheckbox(page).check();
    await page.getByRole('button', { name: 'Submit Partner Application' }).click();
    await page.getByText('Application Under Review').waitFor();
    // The toast belongs to the shell's notifications, checked apart from this screen.
    await page.getByText('Application submitted!').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  async function appliedPartner(companyName: string) {
    const client = journey.api();
    const token = await client.register(newEmail(), 'partner-password-1');
    const applied = await client.call<{ id: string }>(
      'POST',
      '/api/partners',
      sampleApplication(companyName, 'Ada'),
      token,
    );
    expect(applied.status).toBe(201);
    return { token, partnerId: applied.body.id, adminToken: await client.login(ADMIN.email, ADMIN.password), client };
  }

  for (const [name, viewport] of VIEWS) {
    it(`shows 'Account Status: Rejected' with company, status and the reason to a rejected partner (${name})`, async () => {
      const { token, partnerId, adminToken, client } = await appliedPartner(`Declined ${name} Co`);
      const rejected = await client.call(
        'POST',
        `/api/admin/partners/${partnerId}/reject`,
        { reason: 'Outside our market' },
        adminToken,
      );
      expect(rejected.status).toBe(200);
      const { page, context } = await journey.signedInPage(token, '/onboarding', viewport);
      await page.getByText('Account Status: Rejected').waitFor();
      expect(await page.getByText(`Declined ${name} Co`).isVisible()).toBe(true);
      expect(await page.getByText('Outside our market').isVisible()).toBe(true);
      expect(await page.getByText(/contact the partner program team/).isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `onboarding-rejected-${name}`);
      await context.close();
    });
  }

  it('sends an approved partner from /onboarding to /dashboard', async () => {
    const { token, partnerId, adminToken, client } = await appliedPartner('Approved Co');
    const approved = await client.call('POST', `/api/admin/partners/${partnerId}/approve`, undefined, adminToken);
    expect(approved.status).toBe(200);
    const { page, context } = await journey.signedInPage(token, '/onboarding', DESKTOP);
    await page.waitForURL(`${journey.portal.baseUrl}/dashboard`);
    await context.close();
  });

  it("shows 'Connection Error' when the profile cannot load, and Retry recovers", async () => {
    const token = await journey.api().register(newEmail(), 'partner-password-1');
    const { page, context } = await journey.newPage(MOBILE);
    let failing = true;
    await page.route('**/trpc/partner.me**', (route) =>
      failing ? route.abort('connectionrefused') : route.continue(),
    );
    await journey.signIn(page, token, '/onboarding');
    await page.getByText('Connection Error').waitFor();
    expect(
      await page
        .getByText('Unable to load your partner profile. Please check your connection and try again.')
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
    await screenshot(page, 'onboarding-connection-error-mobile');
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Welcome to Ledgerline Partners').waitFor();
    await context.close();
  });

  it('signs out from the registration form back to the landing page', async () => {
    const token = await journey.api().register(newEmail(), 'partner-password-1');
    const { page, context } = await journey.signedInPage(token, '/onboarding', DESKTOP);
    await page.getByText('Welcome to Ledgerline Partners').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${journey.portal.baseUrl}/`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });

  it('shows the landing page to a visitor of /onboarding who is not signed in', async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    await page.goto(`${journey.portal.baseUrl}/onboarding`);
    await page.waitForURL(`${journey.portal.baseUrl}/`);
    await context.close();
  });
});
