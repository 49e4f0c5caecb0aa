// Toasts and tooltips in Chromium (spec §6): a real pointer drag of 60 px to the right dismisses a
// toast and one of 30 px does not; F8 moves focus to the notification region; a tooltip opens only
// after 700 ms, and its neighbour at once while the first is still shown (the skip delay).

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerSeed } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal } from '../src/harness';
import { screenshot, seriousA11yViolations, settled, openTab } from '../src/page-checks';

const journey = usePortal();
const PARTNER = partnerSeed('toasts@e2e.test', 'Toast Test Partners', 'Tosh Toast');
let partnerToken: string;

beforeAll(async () => {
  partnerToken = (await journey.api().createPartnerAsAdmin(PARTNER)).token;
});

async function openMarketingTab(page: Page): Promise<void> {
  await journey.signIn(page, partnerToken, '/dashboard');
  await openTab(page, 'Marketing');
}

/** The partner dashboard with the 'Link Copied' toast showing. */
async function dashboardWithToast(viewport = DESKTOP): Promise<Page> {
  const { page } = await journey.newPage(viewport);
  await openMarketingTab(page);
  await page.getByRole('button', { name: 'Copy referral link' }).click();
  await page.getByText('Link Copied').waitFor();
  // The pointer resting on the toast holds its 5 s timer while the test works with it.
  await page.locator('[data-swipe-offset]').hover();
  await settled(page);
  return page;
}

/** Presses on the toast, moves the pointer `dx` px to the right in small steps, and lets go. */
async function drag(page: Page, dx: number): Promise<void> {
  const toast = page.locator('[data-swipe-offset]');
  const box = await toast.boundingBox();
  if (!box) throw new Error('no toast to drag');
  const y = box.y + box.height / 2;
  const x = box.x + 40;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 5 });
  await page.mouse.move(x + dx, y, { steps: 5 });
  await page.waitForFunction(
    (expected) => document.querySelector('[data-swipe-offset]')?.getAttribute('data-swipe-offset') === String(expected),
    dx,
  );
  await page.mouse.up();
}

describe('toasts', () => {
  it('stay after a 30 px drag to the right and go after a 60 px one', async () => {
    const page = await dashboardWithToast();
    await drag(page, 30);
    // Springs back and stays (the pointer still rests on it, which also holds the 5 s timer).
    await page.waitForFunction(
      () => document.querySelector('[data-swipe-offset]')?.getAttribute('data-swipe-offset') === '0',
    );
    expect(await page.getByText('Link Copied').isVisible()).toBe(true);
    await drag(page, 60);
    await page.getByText('Link Copied').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('F8 moves the focus to the notification region, also from a text field', async () => {
    const page = await dashboardWithToast();
    await page.getByLabel('Referral link', { exact: true }).focus();
    await page.keyboard.press('F8');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Notifications (F8)');
    expect(
      await page.evaluate(() => document.activeElement?.contains(document.querySelector('[data-swipe-offset]'))),
    ).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'toast-swipeable-desktop');
    await page.context().close();
  });

  it('looks the same on a phone, at the top', async () => {
    const page = await dashboardWithToast(MOBILE);
    const box = await page.locator('[data-swipe-offset]').boundingBox();
    expect((box?.y ?? 1000) < MOBILE.height / 2).toBe(true);
    await screenshot(page, 'toast-swipeable-mobile');
    await page.context().close();
  });
});

describe('tooltips', () => {
  it('open after 700 ms; a neighbour opens at once while the first is still shown', async () => {
    const { page } = await journey.newPage(DESKTOP);
    await openMarketingTab(page);
    const copy = page.getByRole('button', { name: 'Copy referral link' });
    await copy.waitFor();
    // Times measured in the page: when the pointer reached a control, and when its tooltip appeared.
    await page.evaluate(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { marks: Record<string, number> }).marks = marks;
      document.addEventListener(
        'pointerover',
        (event) => {
          const label = (event.target as Element).closest('[aria-label]')?.getAttribute('aria-label');
          if (label) marks[`over:${label}`] ??= performance.now();
        },
        true,
      );
      new MutationObserver(() => {
        for (const tip of Array.from(document.querySelectorAll('[role="tooltip"]')))
          marks[`tip:${tip.textContent}`] ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const marks = () => page.evaluate(() => (window as unknown as { marks: Record<string, number> }).marks);

    await copy.hover();
    await page.getByRole('tooltip', { name: 'Copy link' }).waitFor();
    const first = await marks();
    expect(first['tip:Copy link']! - first['over:Copy referral link']!).toBeGreaterThanOrEqual(690);
    await screenshot(page, 'tooltip-copy-link');

    await page.getByTestId('sidebar-toggle').hover();
    await page.getByRole('tooltip', { name: 'Toggle sidebar (Ctrl/Cmd+B)' }).waitFor();
    const second = await marks();
    expect(second['tip:Toggle sidebar (Ctrl/Cmd+B)']! - second['over:Toggle sidebar']!).toBeLessThan(700);
    await page.context().close();
  });
});
