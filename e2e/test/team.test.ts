// The team in Chromium: an admin invites a finance member and names themself from the user menu → the invitee accepts from the mail →
// enrols in two-factor sign-in (ADMIN_MFA_REQUIRED) with a code computed here from the shown secret →
// signs out → signs in with password and code. And a partner changes their bank details.

import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../src/api-client';
import { DESKTOP, MOBILE } from '../src/harness';
import {
  cardLabels,
  dialogInBothSchemes,
  fitsWidth,
  seriousA11yViolations,
  sidewaysScrollers,
  openTab,
  settledScreenshot,
} from '../src/page-checks';
import { useMailedPortal } from '../src/mailbox';

const journey = useMailedPortal({ ADMIN_MFA_REQUIRED: 'true' });

/** The bootstrap admin's session (issued before it enrolled; enrolling does not end sessions). */
let adminToken: string;

/** Types a 6-digit code into Mantine's PinInput (focus moves from box to box). */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Authentication code' }).first().click();
  await page.keyboard.type(code);
}

beforeAll(async () => {
  // The bootstrap admin must enrol too (ADMIN_MFA_REQUIRED): done through the API here.
  const client = journey.api();
  adminToken = await client.login(ADMIN.email, ADMIN.password);
  const setup = await client.call<{ secret: string }>('POST', '/api/auth/mfa/setup', {}, adminToken);
  const enabled = await client.call<{ token: string }>(
    'POST',
    '/api/auth/mfa/enable',
    { code: await generate({ secret: setup.body.secret }), currentPassword: ADMIN.password },
    adminToken,
  );
  expect(enabled.status).toBe(200);
  // Turning it on ends every other session: the admin goes on with the new one.
  adminToken = enabled.body.token;
});

describe('the admin team in the browser', () => {
  it('invite → accept → enrol in two-factor sign-in → sign out → sign in with a code', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin/team', DESKTOP);
    await page.getByRole('heading', { name: 'Team', exact: true }).waitFor();
    const email = `finance-${Date.now().toString(36)}@e2e.test`;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('combobox', { name: 'Role', exact: true }).click();
    await page.getByRole('option', { name: 'Finance' }).click();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent').first().waitFor();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    await page.mouse.move(0, 0);
    expect((await seriousA11yViolations(page)).join('\n')).toBe('');
    expect(await sidewaysScrollers(page.getByRole('main'))).toEqual([]);
    await settledScreenshot(page, 'team-desktop');

    // The admin names themself from the user menu: the team list then shows the name over the email.
    const naming = page.getByRole('dialog', { name: 'Your name' });
    const openNaming = async () => {
      await page.getByRole('button', { name: ADMIN.email }).click();
      await page.getByRole('menuitem', { name: 'Your name' }).click();
      await naming.waitFor();
    };
    await dialogInBothSchemes(page, 'team-your-name', {
      open: openNaming,
      close: async () => {
        await naming.getByRole('button', { name: 'Cancel' }).click();
        await naming.waitFor({ state: 'detached' });
      },
      ready: () => naming.getByRole('textbox', { name: 'Name' }).waitFor(),
    });
    await naming.getByRole('textbox', { name: 'Name' }).fill('Morgan Admin');
    await naming.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('The activity log names you Morgan Admin.').waitFor();
    await page.getByTestId(`member-${ADMIN.email}`).getByText('Morgan Admin').waitFor();
    await context.close();

    const mail = await journey.waitForMail(email, 'You are invited to the Ledgerline admin team');
    const link = /http:\/\/127\.0\.0\.1:\d+\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    const invitee = await journey.newPage(DESKTOP);
    const p = invitee.page;
    await p.goto(link as string);
    await p.getByRole('heading', { name: 'Join the admin team' }).waitFor();
    const password = 'Finance-Password-2026';
    await p.getByLabel(/^Password/).fill(password);
    await settledScreenshot(p, 'accept-invitation-desktop');
    await p.getByRole('button', { name: 'Accept invitation' }).click();

    // Sent to enrol before /admin.
    await p.waitForURL(/\/two-factor-setup/);
    await p.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await p.getByTestId('mfa-secret').textContent())?.trim() as string;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await p.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    expect((await seriousA11yViolations(p)).join('\n')).toBe('');
    await settledScreenshot(p, 'two-factor-setup-desktop');
    await typeCode(p, await generate({ secret }));
    await p.getByLabel(/^Current password/).fill(password);
    await p.getByRole('button', { name: 'Turn on' }).click();
    await p.getByTestId('recovery-codes').waitFor();
    await settledScreenshot(p, 'two-factor-recovery-codes-desktop');
    await p.getByRole('button', { name: 'I have saved them' }).click();
    await p.waitForURL(/\/admin$/);
    await p.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    // Finance: no partner decisions, no team.
    expect(await p.getByRole('button', { name: 'Create Partner' }).count()).toBe(0);
    expect(await p.getByRole('link', { name: 'Team' }).count()).toBe(0);
    await settledScreenshot(p, 'admin-as-finance-desktop');

    // Sign out, then sign in with the password and a code of the next time step (the enrolment used this one).
    await p.getByRole('button', { name: email }).click();
    await p.getByRole('menuitem', { name: 'Sign out' }).click();
    await p.waitForURL((url) => url.pathname === '/');
    await p.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = p.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.getByText('Enter the code from your authenticator app').waitFor();
    await settledScreenshot(p, 'two-factor-code-step-desktop');
    await typeCode(p, await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(/\/admin$/);
    await p.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await invitee.context.close();

    // The team screen on a phone (390 px), with a pending invitation too: members and invitations are
    // cards that fit the width, every label and action still there.
    const pendingEmail = `viewer-${Date.now().toString(36)}@e2e.test`;
    expect(
      (
        await journey
          .api()
          .call('POST', '/api/admin/team/invitations', { email: pendingEmail, role: 'viewer' }, adminToken)
      ).status,
    ).toBe(201);
    const phone = await journey.newPage(MOBILE);
    const m = phone.page;
    await journey.signIn(m, adminToken, '/admin/team');
    const memberCard = m.getByTestId(`member-${email}`);
    await memberCard.waitFor();
    await m.getByTestId(`invitation-${pendingEmail}`).waitFor();
    expect(await m.getByRole('table', { name: 'Members' }).locator('tbody > tr').count()).toBe(2);
    // Each column's label on the card (drawn by CSS beside its value).
    const memberLabels = (await cardLabels(memberCard)).map((field) => field.split(' ')[0]);
    for (const label of ['Role', 'Two-factor', 'Status']) expect(memberLabels, label).toContain(label);
    expect(await memberCard.getByText('Active', { exact: true }).isVisible()).toBe(true);
    expect(await memberCard.getByText('On', { exact: true }).isVisible()).toBe(true);
    expect(await memberCard.getByRole('button', { name: 'Deactivate' }).isVisible()).toBe(true);
    const invitationCard = m.getByTestId(`invitation-${pendingEmail}`);
    const invitationLabels = (await cardLabels(invitationCard)).join(' | ');
    for (const text of ['Role Viewer', 'Expires']) expect(invitationLabels, text).toContain(text);
    expect(await invitationCard.getByText('Viewer', { exact: true }).isVisible()).toBe(true);
    const main = m.getByRole('main');
    expect(await sidewaysScrollers(main)).toEqual([]);
    expect(await fitsWidth(m)).toBe(true);
    expect((await seriousA11yViolations(m)).join('\n')).toBe('');
    await settledScreenshot(m, 'team-mobile');
    // The role is changed from the card, as from the table.
    await memberCard.getByRole('combobox', { name: `Role of ${email}` }).click();
    await m.getByRole('option', { name: 'Viewer' }).click();
    await m.getByText(`${email} is now Viewer.`).waitFor();
    // Deactivate opens its confirmation from the card (cancelled here).
    await memberCard.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = m.getByRole('dialog', { name: 'Deactivate team member' });
    await confirm.waitFor();
    await m.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await phone.context.close();
  });
});

describe('partner self-service in the browser', () => {
  it('a partner changes the bank details (a wrong password is refused) and gets a mail', async () => {
    const client = journey.api();
    const email = `bank-${Date.now().toString(36)}@e2e.test`;
    const partnerPassword = 'partner-password-1';
    const { token, id } = await client.apply(email, partnerPassword, 'Bank Change Co', 'Bea Banker');
    await client.approve(adminToken, id);

    const { page, context } = await journey.signedInPage(token, '/dashboard', DESKTOP);
    await openTab(page, 'Settings');
    await page.getByRole('button', { name: 'Update bank details' }).click();
    await page.getByLabel(/^Bank Name/).fill('Cascade Credit Union');
    await page.getByLabel(/^Account Holder Name/).fill('Bank Change Co LLC');
    await page.getByLabel(/^Routing Number/).fill('123-000-848');
    await page.getByLabel(/^Account Number/).fill('9988 7766 4321');
    await page.getByLabel(/^Bank Address/).fill('5 River Road, Salem, OR');
    await page.getByLabel(/^Beneficiary Address/).fill('6 Hill Street, Salem, OR');
    await page.getByLabel(/^Current password/).fill('not-my-password');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await page.getByText('Current password is incorrect').waitFor();
    await page.getByLabel(/^Current password/).fill(partnerPassword);
    await settledScreenshot(page, 'bank-details-desktop');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await page.getByText('Bank details updated').first().waitFor();
    await page
      .getByTestId('bank-summary')
      .getByText('Wire Transfer to Cascade Credit Union, account •••• 4321')
      .waitFor();
    await page.mouse.move(0, 0);
    expect((await seriousA11yViolations(page)).join('\n')).toBe('');
    await settledScreenshot(page, 'settings-after-bank-change-desktop');

    const mail = await journey.waitForMail(email, 'Your bank details were changed');
    expect(mail.text).toContain('4321');
    expect(mail.text).not.toContain('998877664321');
    await journey.waitForMail(ADMIN.email, 'Bank details changed: Bank Change Co');
    const profile = await client.call<{ bankAccountNumberMasked: string }>('GET', '/api/partners/me', undefined, token);
    expect(profile.body.bankAccountNumberMasked).toBe('•••• 4321');
    await context.close();

    const phone = await journey.signedInPage(token, '/dashboard', MOBILE);
    await openTab(phone.page, 'Settings');
    await phone.page.getByRole('button', { name: 'Edit profile' }).click();
    await settledScreenshot(phone.page, 'settings-mobile');
    await phone.context.close();
  });
});
