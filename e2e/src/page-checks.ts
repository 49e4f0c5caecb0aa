// What a journey checks on a page and how it waits for it: a settled page (no transition running), axe's serious
// and critical violations, sideways scrolling, the colour scheme, and the screenshots a person looks at.

import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, MOBILE, repoRoot } from './harness';

export const artifactsDir = join(repoRoot, 'e2e/.artifacts');

/** Opens `url` and waits until the app answers clicks (a server-rendered page is hydrated by then). */
export async function gotoInteractive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-interactive]', { state: 'attached' });
}

/**
 * Screenshots are for people to look at: off when E2E_SCREENSHOTS=off (CI keeps no artifacts), where
 * every check and wait around them still runs.
 */
const screenshotsOn = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * `name`.png in e2e/.artifacts (and in SHOTS_DIR when set, a reviewer's folder): the whole page, with
 * `viewport` what is on screen (a dialog over a long page), with `clip` that part of the whole page;
 * or an element (a card, a column) when given a locator.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  {
    viewport = false,
    clip,
  }: { viewport?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {},
): Promise<void> {
  if (!screenshotsOn) return;
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage: !viewport, clip });
  else await target.screenshot({ path });
  const reviewDir = process.env.SHOTS_DIR;
  if (reviewDir) {
    mkdirSync(reviewDir, { recursive: true });
    copyFileSync(path, join(reviewDir, `${name}.png`));
  }
}

/**
 * `screenshot` of the page, or with `of` of a part of it, once no transition is running: a dialog or a change of
 * scheme caught half-way shows colours the page never settles on.
 */
export async function settledScreenshot(
  page: Page,
  name: string,
  { of, ...options }: Parameters<typeof screenshot>[2] & { of?: Locator } = {},
): Promise<void> {
  await settled(page);
  await screenshot(of ?? page, name, options);
}

/** Waits until the page shows `scheme` (Mantine marks it on the root element). */
export async function schemeShown(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
    scheme,
  );
}

/** Switches the colour scheme with the header's theme toggle (no dialog may be open over it). */
export async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const current = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  if (current === scheme) return;
  await page.getByTestId('theme-toggle').click();
  await schemeShown(page, scheme);
}

/**
 * A dialog checked in both schemes at both widths: `open` opens it (and checks what it says) in the dark
 * scheme, then, after `close`, in the light one, where it stays open. At 1366 and 390 px, after `ready`,
 * axe finds no serious violation and a screenshot `<name>-<width>-<scheme>` is taken; the page ends at 1366 px.
 */
export async function dialogInBothSchemes(
  page: Page,
  name: string,
  steps: { open: () => Promise<void>; close: () => Promise<void>; ready?: () => Promise<void> },
): Promise<void> {
  for (const scheme of ['dark', 'light'] as const) {
    // The light scheme's DOM is the dark one's: axe's colour rules are what it can change.
    const rules = scheme === 'dark' ? 'all' : 'colours';
    await useScheme(page, scheme);
    await steps.open();
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await steps.ready?.();
      expect((await seriousA11yViolations(page, rules)).join('\n')).toBe('');
      await screenshot(page, `${name}-${viewport.width}-${scheme}`, { viewport: true });
    }
    await page.setViewportSize(DESKTOP);
    if (scheme === 'dark') await steps.close();
  }
}

/** Whether the page fits its window's width (nothing to scroll sideways; one pixel of rounding allowed). */
export async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

/** 'Process N Payouts' asks first: waits for the summary of what the server would pay, then confirms it. */
export async function confirmPayout(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm payout' });
  await dialog.getByTestId('preview-total').waitFor();
  await dialog.getByRole('button', { name: 'Confirm payout' }).click();
}

/** Approving a partner asks first: the approval dialog's confirming button. */
export async function confirmApproval(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Approve application' })
    .getByRole('button', { name: 'Approve partner' })
    .click();
}

/** Waits until no CSS transition is running (a dialog fading in would be measured half-transparent). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().filter((a) => a.constructor.name === 'CSSTransition' && a.playState === 'running')
        .length === 0,
  );
}

/**
 * The elements under `scope` that scroll sideways (content wider than the box, overflow-x auto or
 * scroll): a table in a scroll container that does not fit shows up here even when the page fits.
 */
export async function sidewaysScrollers(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter(
        (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1,
      )
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${Array.from(el.classList, (c) => `.${c}`).join('')} (${el.scrollWidth} px in ${el.clientWidth} px)`,
      ),
  );
}

/** The cells under `scope` as a card shows them, each column's label (drawn by CSS) before its value; none on a table. */
export async function cardLabels(scope: Locator): Promise<string[]> {
  return scope.locator('td').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const label = getComputedStyle(cell, '::before').content;
      return label === 'none' || label === 'normal' ? [] : [`${label.replace(/^"|"$/g, '')} ${cell.textContent ?? ''}`];
    }),
  );
}

/**
 * The axe rules a colour scheme can change. The other rules read the DOM, and the DOM is the same in both
 * schemes (only the theme toggle's icon differs), so a page already checked in full in one scheme needs only
 * these in the other.
 */
const SCHEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Loads axe-core into the page's document unless it is there already: a screen checked at two widths and in two
 * schemes is one document, and compiling axe's half a megabyte again for each check costs the renderer about 0.1 s.
 */
export async function withAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.addScriptTag({ content: axe.source });
}

/**
 * axe-core on the current page, once transitions are over: the serious and critical violations (only the rules
 * that can report one run), one line a node, with the colours and ratio of a contrast failure. `colours` runs only the rules a colour scheme can
 * change: for the second scheme of a page checked in full in the first.
 */
export async function seriousA11yViolations(page: Page, rules: 'all' | 'colours' = 'all'): Promise<string[]> {
  await settled(page);
  await withAxe(page);
  return page.evaluate(
    async (values) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const axe = (window as any).axe;
      // The rules a default run has that can report a serious or critical violation: the others (landmarks,
      // heading order, region, …) declare a moderate or minor impact, which no journey fails on, and take a
      // third of a run. Without axe's rule table every default rule runs.
      const table = axe._audit?.rules as
        Array<{ id: string; impact?: string; enabled?: boolean; tags: string[] }> | undefined;
      const grave = (table ?? [])
        .filter((rule) => rule.enabled !== false && !rule.tags.includes('experimental'))
        .filter((rule) => rule.impact !== 'moderate' && rule.impact !== 'minor')
        .map((rule) => rule.id);
      const only = values ?? (grave.length ? grave : null);
      const options = only
        ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: only } }
        : { resultTypes: ['violations'] };
      const result = await axe.run(document, options);
      const found: string[] = [];
      for (const violation of result.violations as Array<{
        id: string;
        impact: string;
        nodes: Array<{ target: string[]; any: Array<{ data?: Record<string, unknown> }> }>;
      }>) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        for (const node of violation.nodes) {
          const data = node.any[0]?.data;
          const colours =
            data && 'contrastRatio' in data
              ? ` (${String(data.fgColor)} on ${String(data.bgColor)}, ${String(data.contrastRatio)}:1)`
              : '';
          found.push(`${violation.id}: ${node.target.join(' ')}${colours}`);
        }
      }
      return found;
    },
    rules === 'colours' ? SCHEME_RULES : null,
  );
}

/**
 * Opens `dialog` with `button`, clicking again until the dialog is there: after a resize or a change of
 * scheme a click can land while the page renders again and be lost. A click on a closed dialog's button
 * only opens it, and none is made once the dialog shows (its overlay would take the click).
 */
export async function openDialog(button: Locator, dialog: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!(await dialog.isVisible())) await button.click({ timeout: 5_000 });
        return dialog.isVisible();
      },
      { timeout: 30_000, interval: 1_000, message: 'the dialog opened by the button shows' },
    )
    .toBe(true);
}

/**
 * Opens the tab `name`, clicking again until it is the selected one: a click that lands while the page is
 * still rendering its first answers can be lost, and the journey would then wait on a panel never shown.
 */
export async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await expect
    .poll(
      async () => {
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
        return tab.getAttribute('aria-selected');
      },
      { timeout: 30_000, message: `the ${name} tab is selected` },
    )
    .toBe('true');
}

/** Waits until no toast is on screen: a toast in the corner covers what lies under it, such as a row's menu. */
export async function noToasts(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0, undefined, {
    timeout: 15_000,
  });
}
