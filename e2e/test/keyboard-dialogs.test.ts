// Every dialog by keyboard alone (spec §2): reached with Tab, opened with Enter or
// Space, filled by typing (selects with the arrow keys), submitted with Enter or closed with Escape.
// Focus lands inside the dialog when it opens and returns to the button that opened it.
// No mouse: the pages are only driven through page.keyboard.

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, partnerSeed } from '../src/api-client';
import { DESKTOP, usePortal } from '../src/harness';
import { gotoInteractive } from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();
let adminToken: string;
let partnerToken: string;

const PARTNER = partnerSeed('keys-partner@e2e.test', 'Keyboard Partners LLC', 'Kay Keys');
const APPLICANT = 'Tabbing Traders Agency';

beforeAll(async () => {
  const client = journey.api();
  adminToken = await client.adminToken();
  partnerToken = (await client.createPartner(adminToken, PARTNER)).token;
  await client.apply('keys-applicant@e2e.test', 'partner-password-1', APPLICANT, 'Tab Trader', {
    expectedVolume: '1-2 referrals/month',
  });
});

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
const focusInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));

/** Presses Tab (or Shift+Tab) until the target has the focus. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Opens a dialog from a focused button with Enter or Space; answers the dialog, focus inside it. */
async function openWith(page: Page, opener: Locator, key: 'Enter' | ' ', name: string): Promise<Locator> {
  await tabTo(page, opener);
  await page.keyboard.press(key === ' ' ? 'Space' : 'Enter');
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await expect.poll(() => focusInside(dialog), { message: `focus inside '${name}'` }).toBe(true);
  return dialog;
}

/** Escape closes the dialog and the focus goes back to the button that opened it. */
async function escapeBackTo(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => isFocused(opener), { message: 'focus back on the opening button' }).toBe(true);
}

/** Picks an option of a focused Mantine Select with the arrow keys and Enter. */
async function chooseByKeys(page: Page, select: Locator, option: string) {
  await expect.poll(() => isFocused(select)).toBe(true);
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  // The opened list marks its first option a moment after it shows: a key pressed before that is undone by it.
  const active = page.locator('[role="option"][data-combobox-selected]');
  await expect.poll(() => active.count()).toBe(1);
  for (let i = 0; i < 10 && (await active.textContent()) !== option; i++) {
    const before = await active.textContent();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => active.textContent()).not.toBe(before);
  }
  expect(await active.textContent()).toBe(option);
  await page.keyboard.press('Enter');
  await listbox.waitFor({ state: 'detached' });
  expect(await select.inputValue()).toBe(option);
}

describe('every dialog by keyboard alone', () => {
  it('the authentication dialog: login filled and escaped, register filled and submitted', async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    await gotoInteractive(page, `${journey.portal.baseUrl}/`);
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await signIn.waitFor();

    // The first opening lazy-loads the dialog; focus must come back to its button all the same.
    let dialog = await openWith(page, signIn, 'Enter', 'Sign In');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(signIn), { timeout: 5_000 }).toBe(true);

    dialog = await openWith(page, signIn, 'Enter', 'Sign In');
    expect(await isFocused(dialog.getByLabel('Email'))).toBe(true);
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    expect(await isFocused(dialog.getByLabel(/^Password/))).toBe(true);
    await page.keyboard.type('typed-but-not-sent');
    // Shift+Tab goes back to the email field, still inside the dialog.
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(dialog.getByLabel('Email'))).toBe(true);
    await escapeBackTo(page, dialog, signIn);
    expect(page.url()).toBe(`${journey.portal.baseUrl}/`);

    // Register: opened with Space, switched from login mode with the link, submitted with Enter.
    dialog = await openWith(page, signIn, ' ', 'Sign In');
    const switchLink = dialog.getByRole('button', { name: 'Create a partner account' });
    await tabTo(page, switchLink);
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Create Partner Account' });
    await dialog.getByRole('button', { name: 'Create Account' }).waitFor();
    await tabTo(page, dialog.getByLabel('Email'), { backwards: true });
    await page.keyboard.type('keys-signup@e2e.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('partner-password-1');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${journey.portal.baseUrl}/onboarding`);
    await page.getByText('Account created!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('New Referral: opened, filled (service by arrow keys), submitted with Enter; escaped back to its button', async () => {
    const { page, context } = await journey.signedInPage(partnerToken, '/dashboard', DESKTOP);
    await page.getByText(`Welcome back, ${PARTNER.contactName}`).waitFor();
    const opener = page.getByRole('button', { name: 'New Referral' });
    await opener.waitFor();

    let dialog = await openWith(page, opener, 'Enter', 'New Referral');
    await tabTo(page, dialog.getByLabel('Client Company Name'));
    await page.keyboard.type('Keyboard Goods');
    await page.keyboard.press('Tab');
    await page.keyboard.type('owner@keyboard-goods.example');
    await tabTo(page, dialog.getByRole('combobox', { name: 'Service Type' }));
    await chooseByKeys(page, dialog.getByRole('combobox', { name: 'Service Type' }), 'Controller $100/month');
    await tabTo(page, dialog.getByLabel('Monthly Value ($)'));
    await page.keyboard.type('2750');
    await page.keyboard.press('Enter');
    await page.getByText('Referral Created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('referral-card').filter({ hasText: 'Keyboard Goods' });
    await card.waitFor();
    expect(await card.textContent()).toContain('$100.00/month');
    await expect.poll(() => isFocused(opener), { message: 'focus back on New Referral after submitting' }).toBe(true);

    dialog = await openWith(page, opener, ' ', 'New Referral');
    await page.keyboard.type('Not sent');
    await escapeBackTo(page, dialog, opener);
    await expect.poll(() => page.getByTestId('referral-card').filter({ hasText: 'Not sent' }).count()).toBe(0);
    await context.close();
  });

  it('the admin dialogs: Create New Partner, Add New Client, Partner Settings, Partner Application Details, reject reason', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByTestId('approval-row').filter({ hasText: APPLICANT }).waitFor();
    await page.getByTestId('affiliates').getByRole('row').filter({ hasText: PARTNER.companyName }).waitFor();

    // Create New Partner: every field typed, the company type chosen with the arrow keys, Enter submits.
    const createPartner = page.getByRole('button', { name: 'Create Partner', exact: true }).first();
    let dialog = await openWith(page, createPartner, 'Enter', 'Create New Partner');
    await tabTo(page, dialog.getByLabel(/^Email/));
    await page.keyboard.type('keys-direct@e2e.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('direct-password-1');
    await tabTo(page, dialog.getByLabel(/^Company Name/));
    await page.keyboard.type('Keyed In Media');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Kim Keyed');
    await page.keyboard.press('Tab');
    await chooseByKeys(page, dialog.getByRole('combobox', { name: 'Company Type' }), 'Influencer');
    await tabTo(page, dialog.getByLabel(/^Website/));
    await page.keyboard.type('https://keyed.example');
    await page.keyboard.press('Enter');
    await page.getByText('Partner created successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(createPartner), { message: 'focus back on Create Partner' }).toBe(true);
    await page.getByTestId('affiliates').getByRole('row').filter({ hasText: 'Keyed In Media' }).waitFor();

    dialog = await openWith(page, createPartner, ' ', 'Create New Partner');
    await escapeBackTo(page, dialog, createPartner);

    // Add New Client: the affiliate found by typing in its searchable select, then Enter submits.
    const addClient = page.getByRole('button', { name: 'Add Client', exact: true });
    dialog = await openWith(page, addClient, 'Enter', 'Add New Client');
    const affiliate = dialog.getByRole('combobox', { name: 'Affiliate' });
    await tabTo(page, affiliate);
    await page.keyboard.type('Keyboard Part');
    await page.getByRole('option', { name: PARTNER.companyName }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await affiliate.inputValue()).toBe(PARTNER.companyName);
    await tabTo(page, dialog.getByLabel(/^Client Company Name/));
    await page.keyboard.type('Typed Supply Co');
    await tabTo(page, dialog.getByLabel(/^Monthly Value/));
    await page.keyboard.type('1500');
    await page.keyboard.press('Enter');
    await page.getByText('Client added successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(addClient), { message: 'focus back on Add Client' }).toBe(true);
    await page.getByTestId('pipeline-column-booked').locator('[data-deal="Typed Supply Co"]').waitFor();

    dialog = await openWith(page, addClient, ' ', 'Add New Client');
    await escapeBackTo(page, dialog, addClient);

    // Partner Settings (read-only): Shift+Tab from Logout reaches it; Space opens, Escape closes.
    const settings = page.getByRole('button', { name: 'Partner Settings', exact: true });
    await tabTo(page, page.getByRole('button', { name: 'Logout' }));
    await tabTo(page, settings, { backwards: true });
    await page.keyboard.press('Space');
    dialog = page.getByRole('dialog', { name: 'Partner Settings' });
    await dialog.waitFor();
    await expect.poll(() => focusInside(dialog)).toBe(true);
    expect(await dialog.getByText('$100.00').isVisible()).toBe(true);
    await escapeBackTo(page, dialog, settings);

    // Partner Application Details from the queue's view button.
    const view = page.getByRole('button', { name: `View details of ${APPLICANT}` });
    dialog = await openWith(page, view, 'Enter', 'Partner Application Details');
    await dialog.getByText('keys-applicant@e2e.test').waitFor();
    await escapeBackTo(page, dialog, view);

    // The reject-reason modal: typed and escaped (nothing stored), then typed and submitted.
    const reject = page.getByRole('button', { name: `Reject ${APPLICANT}` });
    dialog = await openWith(page, reject, 'Enter', 'Reject application');
    expect(await isFocused(dialog.getByLabel('Reason (optional)'))).toBe(true);
    await page.keyboard.type('Changed my mind');
    await escapeBackTo(page, dialog, reject);
    expect(await page.getByTestId('approval-row').filter({ hasText: APPLICANT }).count()).toBe(1);

    dialog = await openWith(page, reject, ' ', 'Reject application');
    await page.keyboard.type('Outside our market');
    await tabTo(page, dialog.getByRole('button', { name: 'Reject', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByText('Partner rejected').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('approval-row').filter({ hasText: APPLICANT }).waitFor({ state: 'detached' });
    const client = journey.api();
    const listed = await client.call<Array<{ id: string; companyName: string }>>(
      'GET',
      `/api/admin/partners?search=${encodeURIComponent(APPLICANT)}`,
      undefined,
      adminToken,
    );
    const id = listed.body.find((p) => p.companyName === APPLICANT)?.id;
    const stored = await client.call<{ status: string; rejectionReason: string | null }>(
      'GET',
      `/api/admin/partners/${id}`,
      undefined,
      adminToken,
    );
    expect(stored.body).toMatchObject({ status: 'rejected', rejectionReason: 'Outside our market' });
    await context.close();
  });
});
