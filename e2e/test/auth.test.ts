// Accounts and sessions in Chromium: sign up and in from the landing page's dialog, sign out,
// the guards for anonymous visitors, and how the landing page and dialog look at two widths.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../src/api-client';
import { DESKTOP, usePortal, VIEWS } from '../src/harness';
import { fitsWidth, gotoInteractive, screenshot, seriousA11yViolations } from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();

let counter = 0;
const newEmail = () => `auth-${Date.now().toString(36)}-${counter++}@e2e.test`;

async function openDialog(page: Page, button: 'Sign In' | 'Create Partner Account') {
  await gotoInteractive(page, `${journey.portal.baseUrl}/`);
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('auth_token'));

describe('accounts and sessions in the browser', () => {
  it('creates a partner account from the dialog and lands on /onboarding', async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    const email = newEmail();
    const dialog = await openDialog(page, 'Create Partner Account');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel(/^Password/).fill('partner-password-1');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${journey.portal.baseUrl}/onboarding`);
    await page.getByText('Account created!').waitFor();
    await page.getByText('Your partner account has been created successfully.').waitFor();
    expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The session survives a reload: the token is checked and the user stays on their area.
    await gotoInteractive(page, `${journey.portal.baseUrl}/`);
    await page.waitForURL(`${journey.portal.baseUrl}/onboarding`);
    await context.close();
  });

  it("shows the spec's messages in the dialog and 'Login failed' for a wrong password", async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    const dialog = await openDialog(page, 'Sign In');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel(/^Password/).fill('123');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await dialog.getByText('Password must be at least 6 characters').waitFor();

    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByLabel(/^Password/).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Login failed').waitFor();
    await page.getByText('Invalid email or password').waitFor();
    expect(page.url()).toBe(`${journey.portal.baseUrl}/`);
    await expect.poll(() => storedToken(page)).toBeNull();
    await context.close();
  });

  it('signs in as the bootstrapped admin, lands on /admin, then signs out to /', async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    const dialog = await openDialog(page, 'Sign In');
    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByLabel(/^Password/).fill(ADMIN.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${journey.portal.baseUrl}/admin`);
    await page.getByText('Welcome back!').waitFor();
    await page.getByText("You've been successfully logged in.").waitFor();
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    // The header's user control is named by the signed-in email.
    await page.getByRole('button', { name: ADMIN.email }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${journey.portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expect.poll(() => storedToken(page)).toBeNull();
    // Signing out ended the session on the server too.
    const me = await journey.api().call('GET', '/api/auth/me', undefined, token ?? '');
    expect(me.status).toBe(401);
    await context.close();
  });

  it('sends an anonymous visitor of /dashboard to sign in at /, with the way back', async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    await page.goto(`${journey.portal.baseUrl}/dashboard`);
    await page.waitForURL(`${journey.portal.baseUrl}/?signin=1&redirect=%2Fdashboard`);
    await page.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await context.close();
  });

  it('lands on the deep link asked for after signing in from it', async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    await page.goto(`${journey.portal.baseUrl}/admin/team`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByLabel(/^Password/).fill(ADMIN.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${journey.portal.baseUrl}/admin/team`);
    await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await context.close();
  });

  it('drops a revoked token on load and shows the landing page', async () => {
    const client = journey.api();
    const token = await client.register(newEmail(), 'partner-password-1');
    expect((await client.call('POST', '/api/auth/logout', undefined, token)).status).toBe(200);
    const { page, context } = await journey.newPage(DESKTOP);
    await gotoInteractive(page, `${journey.portal.baseUrl}/`);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${journey.portal.baseUrl}/onboarding`);
    await page.waitForURL(`${journey.portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expect.poll(() => storedToken(page)).toBeNull();
    await context.close();
  });

  for (const [name, viewport] of VIEWS) {
    it(`lays out the landing page and the dialog without overflow (${name})`, async () => {
      // axe is injected as an inline script, which the app's CSP rightly refuses.
      const context = await journey.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      await gotoInteractive(page, `${journey.portal.baseUrl}/`);
      await page.getByText('Admin Portal').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `landing-${name}`);
      const dialog = await openDialog(page, 'Create Partner Account');
      await dialog.getByLabel('Email').waitFor();
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      await dialog.getByText('Please enter a valid email address').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `auth-dialog-${name}`);
      await context.close();
    });
  }
});
