// Password reset in Chromium: "Forgot password?" in the sign-in dialog → the link from the mail the
// portal really sent (to an SMTP server in this process) → a new password → signed in with it.

import { describe, expect, it } from 'vitest';
import { ADMIN } from '../src/api-client';
import { DESKTOP, MOBILE } from '../src/harness';
import {
  screenshot,
  seriousA11yViolations,
  settled,
  gotoInteractive,
  openTab,
  sidewaysScrollers,
  settledScreenshot,
} from '../src/page-checks';
import { useMailedPortal } from '../src/mailbox';

const journey = useMailedPortal();

describe('password reset in the browser', () => {
  it('sends a reset link from the sign-in dialog, sets a new password from the mail and signs in with it', async () => {
    const email = `reset-${Date.now().toString(36)}@e2e.test`;
    await journey.api().register(email, 'old-password-1');

    const { page, context } = await journey.newPage(DESKTOP);
    await gotoInteractive(page, `${journey.portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByLabel('Email').fill(email);
    await settledScreenshot(page, 'forgot-password-desktop');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('If an account exists for this email').waitFor();
    await settledScreenshot(page, 'forgot-password-sent-desktop');

    const mail = await journey.waitForMail(email, 'Reset your password');
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill('Brand-New-Password-42');
    await page.getByText('Password strength: strong').waitFor();
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'reset-password-desktop');
    await page.getByRole('button', { name: 'Set new password' }).click();

    // Back on the landing page with the sign-in dialog open and a toast.
    await page.getByText('Sign in with your new password.').waitFor();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel(/^Password/).fill('Brand-New-Password-42');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/onboarding/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();

    await journey.waitForMail(email, 'Your password was changed');
    expect((await journey.api().call('POST', '/api/auth/login', { email, password: 'old-password-1' })).status).toBe(
      401,
    );
    await context.close();
  });

  it('shows the reset page on a phone, and says at once when a link is used up, offering a new one', async () => {
    const email = `reset-phone-${Date.now().toString(36)}@e2e.test`;
    await journey.api().register(email, 'old-password-1');
    expect((await journey.api().call('POST', '/api/auth/forgot-password', { email })).status).toBe(202);
    const mail = await journey.waitForMail(email, 'Reset your password');
    const link = /http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] as string;
    const token = new URL(link).searchParams.get('token');

    const { page, context } = await journey.newPage(MOBILE);
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('abc');
    await page.getByText('Password strength: too short').waitFor();
    await settledScreenshot(page, 'reset-password-mobile');

    expect(
      (
        await journey.api().call('POST', '/api/auth/reset-password', {
          token,
          password: 'used-already-1',
        })
      ).status,
    ).toBe(200);
    // Opened again, the used link is refused before any password is asked for.
    await page.goto(link);
    await page.getByText('This link no longer works').waitFor();
    await page.getByText('This password reset link is invalid, has expired or was already used.').first().waitFor();
    expect(await page.getByLabel(/^New password/).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
    await page.getByRole('button', { name: 'Request a new link' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await context.close();
  });

  it('shows the Email log to the admin, resends a mail, and lets the admin change the password from the user menu', async () => {
    const client = journey.api();
    const adminToken = await client.login(ADMIN.email, ADMIN.password);
    const email = `log-${Date.now().toString(36)}@e2e.test`;
    await client.register(email, 'old-password-1');
    await client.call('POST', '/api/auth/forgot-password', { email });
    const resetMail = await journey.waitForMail(email, 'Reset your password');
    // The reset is used, so a "Your password was changed" mail follows: a mail the Email log can resend.
    const resetToken = new URL(
      /http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(resetMail.text)?.[0] as string,
    ).searchParams.get('token');
    expect(
      (await client.call('POST', '/api/auth/reset-password', { token: resetToken, password: 'log-password-2' })).status,
    ).toBe(200);
    await journey.waitForMail(email, 'Your password was changed');

    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, context } = await journey.signedInPage(adminToken, '/admin/emails', viewport);
      const log = page.getByRole('region', { name: 'Email Log' });
      await log.getByText(email).first().waitFor();
      await log.scrollIntoViewIfNeeded();
      await settled(page);
      // Every column, Resend included, fits the card: the list never scrolls sideways, at either width.
      expect(await sidewaysScrollers(log)).toEqual([]);
      await screenshot(page, `email-log-${viewport === DESKTOP ? 'desktop' : 'mobile'}`);
      await page.getByRole('button', { name: ADMIN.email }).click();
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      await page.getByRole('dialog', { name: 'Change password' }).waitFor();
      await settledScreenshot(page, `admin-change-password-${viewport === DESKTOP ? 'desktop' : 'mobile'}`);
      await context.close();
    }

    const { page, context } = await journey.signedInPage(adminToken, '/admin/emails', DESKTOP);
    const log = page.getByRole('region', { name: 'Email Log' });
    // A mail with a one-time link is not kept once sent: its row offers no Resend.
    const resetRow = log.locator('tr').filter({ hasText: 'Reset your password' }).filter({ hasText: email });
    await resetRow.getByText('Not kept').waitFor();
    expect(await log.getByRole('button', { name: `Resend Reset your password to ${email}` }).count()).toBe(0);
    await log.getByRole('button', { name: `Resend Your password was changed to ${email}` }).click();
    await page.getByText('Email queued again').waitFor();
    // The copy goes out too: two "password changed" mails for this address.
    const deadline = Date.now() + 30_000;
    while (
      journey.mailbox.mails.filter((m) => m.to === email && m.subject === 'Your password was changed').length < 2
    ) {
      if (Date.now() > deadline) throw new Error('the resent mail did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await page.getByRole('button', { name: ADMIN.email }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel(/^Current password/).fill('not-the-password');
    await dialog.getByLabel(/^New password/).fill('Admin-New-Password-7');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();
    await dialog.getByLabel(/^Current password/).fill(ADMIN.password);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your other sessions have been signed out.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Still signed in here with the fresh token; the token from before no longer works.
    await page.reload();
    await page.getByRole('region', { name: 'Email Log' }).waitFor();
    expect((await client.call('GET', '/api/auth/me', undefined, adminToken)).status).toBe(401);
    await client.login(ADMIN.email, 'Admin-New-Password-7');
    await context.close();
  });

  it('lets a partner switch deal updates off and change the password from the Settings tab', async () => {
    const client = journey.api();
    const adminToken = await client.login(ADMIN.email, 'Admin-New-Password-7');
    const email = `settings-${Date.now().toString(36)}@e2e.test`;
    const created = await client.call(
      'POST',
      '/api/admin/partners',
      { email, password: 'partner-password-1', companyName: 'Settings Co', contactName: 'Sett Ings' },
      adminToken,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await client.login(email, 'partner-password-1');

    for (const viewport of [MOBILE, DESKTOP]) {
      const { page, context } = await journey.signedInPage(token, '/dashboard', viewport);
      await openTab(page, 'Settings');
      await page.getByRole('switch', { name: /Deal updates/ }).waitFor();
      await settledScreenshot(page, `partner-settings-${viewport === DESKTOP ? 'desktop' : 'mobile'}`);
      if (viewport === DESKTOP) {
        // Deal updates off: the same switch the one-click unsubscribe flips.
        await page.getByRole('switch', { name: /Deal updates/ }).click();
        await expect
          .poll(
            async () =>
              (
                await client.call<{ dealUpdates: boolean }>(
                  'GET',
                  '/api/partners/me/mail-preferences',
                  undefined,
                  token,
                )
              ).body.dealUpdates,
          )
          .toBe(false);
      }
      await page.getByRole('button', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change password' });
      await dialog.getByLabel(/^Current password/).fill('partner-password-1');
      await dialog.getByLabel(/^New password/).fill('Partner-Changed-9');
      await settled(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `partner-change-password-${viewport === DESKTOP ? 'desktop' : 'mobile'}`);
      if (viewport === DESKTOP) {
        await dialog.getByRole('button', { name: 'Change password' }).click();
        await page.getByText('Your other sessions have been signed out.').waitFor();
        await journey.waitForMail(email, 'Your password was changed');
        await client.login(email, 'Partner-Changed-9');
      }
      await context.close();
    }
  });

  it('stops cleanly on SIGTERM with the mail worker running', async () => {
    expect(await journey.portal.stop('SIGTERM')).toBe(0);
  });
});
