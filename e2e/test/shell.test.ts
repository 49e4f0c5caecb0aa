// The shell in Chromium (spec §2 Layout): Ctrl/Cmd+B with its 7-day cookie, the theme kept in
// localStorage, the off-canvas sidebar below 768 px, where toasts appear, and axe on the shell.

import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerSeed } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal } from '../src/harness';
import { gotoInteractive, schemeShown, screenshot, seriousA11yViolations } from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();
const PARTNER = partnerSeed('shell@e2e.test', 'Shell Test Partners', 'Sasha Shell');
let partnerToken: string;

beforeAll(async () => {
  partnerToken = (await journey.api().createPartnerAsAdmin(PARTNER)).token;
});

const sidebarState = (page: Page) => page.locator('[data-sidebar-state]').first().getAttribute('data-sidebar-state');

describe('the shell in Chromium', () => {
  it('collapses the sidebar to icons with Ctrl+B, keeps it after a reload, and expands it again', async () => {
    const { page, context } = await journey.signedInPage(partnerToken, '/dashboard', DESKTOP);
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('sidebar').getByText('Partner Portal', { exact: true }).waitFor();
    expect(await sidebarState(page)).toBe('expanded');
    await page.keyboard.press('Control+KeyB');
    await page.waitForFunction(
      () => document.querySelector('[data-sidebar-state]')?.getAttribute('data-sidebar-state') === 'collapsed',
    );
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    // Seven days, give or take the seconds this test takes.
    expect(Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 3600)).toBe(168);
    await page.reload();
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await sidebarState(page)).toBe('collapsed');
    await screenshot(page, 'shell-collapsed-desktop');
    await page.keyboard.press('Meta+KeyB');
    await page.waitForFunction(
      () => document.querySelector('[data-sidebar-state]')?.getAttribute('data-sidebar-state') === 'expanded',
    );
    await context.close();
  });

  it('keeps the dark theme in localStorage across reloads', async () => {
    const { page, context } = await journey.signedInPage(partnerToken, '/dashboard', DESKTOP);
    await page.getByTestId('theme-toggle').click();
    await schemeShown(page, 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    await screenshot(page, 'shell-dark-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId('theme-toggle').click();
    await schemeShown(page, 'light');
    await context.close();
  });

  it('keeps the active sidebar link readable under the pointer, in both themes (axe)', async () => {
    const { page, context } = await journey.signedInPage(partnerToken, '/dashboard', DESKTOP);
    const active = page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard' });
    await active.hover();
    expect(await seriousA11yViolations(page), 'light').toEqual([]);
    await page.getByTestId('theme-toggle').click();
    await schemeShown(page, 'dark');
    await active.hover();
    expect(await seriousA11yViolations(page), 'dark').toEqual([]);
    await context.close();
  });

  it('shows the sidebar as an off-canvas sheet at 390 px', async () => {
    const { page, context } = await journey.signedInPage(partnerToken, '/dashboard', MOBILE);
    await page.getByText('Welcome back', { exact: false }).waitFor();
    const sidebar = page.getByTestId('sidebar');
    // Off-canvas: the sheet sits left of the viewport until it is opened.
    const onScreen = () => sidebar.evaluate((el) => el.getBoundingClientRect().right > 1);
    await expect.poll(onScreen).toBe(false);
    await page.getByRole('button', { name: 'Toggle sidebar' }).first().click();
    await sidebar.getByRole('link', { name: 'Dashboard' }).waitFor({ state: 'visible' });
    await screenshot(page, 'shell-sheet-mobile');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().left ?? -1) >= 0,
    );
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().right ?? 0) <= 1,
    );
    // Escape closes the sheet, and so does a tap on the page beside it.
    const closed = () =>
      page.waitForFunction(
        () => (document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().right ?? 0) <= 1,
      );
    const burger = page.getByRole('button', { name: 'Toggle sidebar' }).first();
    await burger.click();
    await sidebar.getByRole('link', { name: 'Dashboard' }).waitFor({ state: 'visible' });
    // The sheet leaves the page beside it in view.
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(MOBILE.width - 40);
    await page.keyboard.press('Escape');
    await closed();
    await burger.click();
    await sidebar.getByRole('link', { name: 'Dashboard' }).waitFor({ state: 'visible' });
    await page.mouse.click(MOBILE.width - 10, 600);
    await closed();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  for (const [name, viewport, expectAtTop] of [
    ['desktop', DESKTOP, false],
    ['mobile', MOBILE, true],
  ] as const) {
    it(`shows a toast ${expectAtTop ? 'at the top on mobile' : 'at the bottom right on wider screens'}`, async () => {
      const { page, context } = await journey.newPage(viewport);
      await gotoInteractive(page, `${journey.portal.baseUrl}/`);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email').fill(`nobody-${randomUUID()}@e2e.test`);
      await dialog.getByLabel(/^Password/).fill('wrong-password');
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      const toast = page.getByText('Login failed');
      await toast.waitFor();
      const box = await toast.boundingBox();
      expect(box).not.toBeNull();
      if (expectAtTop) {
        expect((box?.y ?? 1000) < viewport.height / 2).toBe(true);
      } else {
        expect((box?.y ?? 0) > viewport.height / 2).toBe(true);
        expect((box?.x ?? 0) > viewport.width / 2).toBe(true);
      }
      await screenshot(page, `toast-${name}`);
      await context.close();
    });
  }
});
