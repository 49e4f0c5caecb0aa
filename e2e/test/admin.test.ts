// The admin's approval flow in Chromium: two applications arrive; the admin approves one (who then
// reaches /dashboard) and rejects the other with a reason (who sees 'Account Status: Rejected');
// suspends a partner with a reason the partner reads, and reactivates them; then creates a partner
// directly. Screens at 1366 px and 390 px.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal } from '../src/harness';
import {
  confirmApproval,
  dialogInBothSchemes,
  fitsWidth,
  screenshot,
  noToasts,
  seriousA11yViolations,
  settled,
  withAxe,
} from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();

const PASSWORD = 'applicant-password-1';

/** Signs up through the API and submits a complete application; answers the applicant's token. */
async function applicant(email: string, companyName: string, contactName: string): Promise<string> {
  return (await journey.api().apply(email, PASSWORD, companyName, contactName)).token;
}

async function openAdmin(page: Page): Promise<void> {
  const token = await journey.api().login(ADMIN.email, ADMIN.password);
  await journey.signIn(page, token, '/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  await page.getByRole('heading', { name: 'Partner Approval Queue' }).waitFor();
}

/** axe on some regions of the page: the serious and critical violations (the harness checks the whole page). */
async function seriousViolationsIn(page: Page, include: string[]): Promise<string[]> {
  await withAxe(page);
  const violations = await page.evaluate(async (selectors) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = await (window as any).axe.run(
      { include: selectors.map((s) => [s]) },
      { resultTypes: ['violations'] },
    );
    return (result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>).map(
      (v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }),
    );
  }, include);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

const queueRow = (page: Page, company: string) => page.getByTestId('approval-row').filter({ hasText: company });

describe('admin approval flow in the browser', () => {
  it('approves one applicant, who reaches /dashboard, and rejects another, who sees Account Status: Rejected', async () => {
    const approvedToken = await applicant('approve-me@e2e.test', 'Approvable Growth Co', 'Ada Approve');
    const rejectedToken = await applicant('reject-me@e2e.test', 'Rejectable Deals Ltd', 'Rex Reject');

    const { page, context } = await journey.newPage(DESKTOP);
    await openAdmin(page);
    await queueRow(page, 'Approvable Growth Co').waitFor();
    await queueRow(page, 'Rejectable Deals Ltd').waitFor();
    expect(await page.getByTestId('approval-count').textContent()).toBe('2');
    expect(await page.getByTestId('metric-active-partners').textContent()).toBe('0');

    // The details dialog shows what the applicant sent, bank numbers masked, with Approve and Reject and
    // no statements (an applicant has earned nothing); it is checked in both schemes at both widths.
    const details = page.getByRole('dialog', { name: 'Partner Application Details' });
    const approveButton = details.getByRole('button', { name: 'Approve Approvable Growth Co' });
    await dialogInBothSchemes(page, 'admin-details', {
      async open() {
        await page.getByRole('button', { name: 'View details of Approvable Growth Co' }).click();
        await details.getByText('approve-me@e2e.test').waitFor();
        expect(await details.getByText('•••• 0021').isVisible()).toBe(true);
        expect(await details.getByRole('heading', { name: 'Statements' }).count()).toBe(0);
        await details.getByRole('button', { name: 'Reject Approvable Growth Co' }).waitFor();
      },
      ready: () => approveButton.scrollIntoViewIfNeeded(),
      async close() {
        await page.keyboard.press('Escape');
        await details.waitFor({ state: 'hidden' });
      },
    });

    // Approving from the details asks first, over the details; Cancel keeps the details open.
    await approveButton.click();
    const confirm = page.getByRole('dialog', { name: 'Approve application' });
    // This portal has no SMTP server, so the dialog promises no mail and says to tell the applicant.
    await confirm
      .getByText('Ada Approve can sign in to refer clients at once, but gets no approval email', { exact: false })
      .waitFor();
    expect((await seriousA11yViolations(page)).join('\n')).toBe('');
    await screenshot(page, 'admin-approve-confirm-1366-light', { viewport: true });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await details.isVisible()).toBe(true);
    await approveButton.click();
    await confirmApproval(page);
    await details.waitFor({ state: 'hidden' });
    await page.getByText('Partner approved!').waitFor();
    await queueRow(page, 'Approvable Growth Co').waitFor({ state: 'detached' });
    await page.getByTestId('metric-active-partners').filter({ hasText: '1' }).waitFor();
    expect(await page.getByTestId('approval-count').textContent()).toBe('1');

    await page.getByRole('button', { name: 'Reject Rejectable Deals Ltd' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject application' });
    await reject.getByLabel('Reason (optional)').fill('Deal sites are outside the program');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Partner rejected').waitFor();
    await queueRow(page, 'Rejectable Deals Ltd').waitFor({ state: 'detached' });
    await page.getByText('No pending partner applications').waitFor();
    expect(await page.getByTestId('approval-count').textContent()).toBe('0');

    // The affiliates table has both, with their new statuses, without a reload.
    const affiliates = page.locator('table').filter({ hasText: 'Referral Code' });
    await affiliates.getByRole('row').filter({ hasText: 'Approvable Growth Co' }).getByText('Active').waitFor();
    await affiliates.getByRole('row').filter({ hasText: 'Rejectable Deals Ltd' }).getByText('Rejected').waitFor();
    await screenshot(page, 'admin-dashboard-desktop');
    await context.close();

    const approved = await journey.signedInPage(approvedToken, '/onboarding', DESKTOP);
    await approved.page.waitForURL(`${journey.portal.baseUrl}/dashboard`);
    await approved.page.getByText('Welcome back, Ada Approve').waitFor();
    await approved.context.close();

    const rejected = await journey.signedInPage(rejectedToken, '/onboarding', DESKTOP);
    await rejected.page.getByText('Account Status: Rejected').waitFor();
    expect(await rejected.page.getByText('Deal sites are outside the program').isVisible()).toBe(true);
    await rejected.page.goto(`${journey.portal.baseUrl}/dashboard`);
    await rejected.page.waitForURL(`${journey.portal.baseUrl}/onboarding`);
    await rejected.context.close();
  });

  it('suspends a partner from All Affiliates with a reason the partner reads; Reactivate lets them back', async () => {
    const client = journey.api();
    const applied = await client.apply('suspend-me@e2e.test', PASSWORD, 'Suspendable Ads Co', 'Sue Spend');
    await client.approve(await client.adminToken(), applied.id);

    const { page, context } = await journey.newPage(DESKTOP);
    await openAdmin(page);
    const affiliates = page.locator('table').filter({ hasText: 'Referral Code' });
    const row = affiliates.getByRole('row').filter({ hasText: 'Suspendable Ads Co' });
    await row.getByRole('button', { name: 'Actions for Suspendable Ads Co' }).click();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend partner' });
    await suspend.getByLabel('Reason (optional)').fill('Bids on our brand name');
    expect((await seriousA11yViolations(page)).join('\n')).toBe('');
    await screenshot(page, 'admin-suspend-confirm-1366-light', { viewport: true });
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('Partner suspended').waitFor();
    await row.getByText('Suspended').waitFor();

    const partner = await journey.signedInPage(applied.token, '/onboarding', DESKTOP);
    await partner.page.getByText('Account Status: Suspended').waitFor();
    expect(await partner.page.getByText('Bids on our brand name').isVisible()).toBe(true);
    await partner.context.close();

    // The suspension's toast sits in the corner the row's menu may open into.
    await noToasts(page);
    await row.getByRole('button', { name: 'Actions for Suspendable Ads Co' }).click();
    await page.getByRole('menuitem', { name: 'Reactivate' }).click();
    await page.getByText('Partner reactivated').waitFor();
    await row.getByText('Active').waitFor();

    // The partner's page asks the same; a suspension needs no reason.
    await page.goto(`${journey.portal.baseUrl}/admin/partners/${applied.id}`);
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Suspend partner' });
    await again.getByText('Suspendable Ads Co').waitFor();
    await again.getByRole('button', { name: 'Suspend' }).click();
    await again.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Reactivate', exact: true }).waitFor();
    await context.close();
  });

  it('creates a partner from the dialog, searches for it in All Affiliates, and fits a 390 px screen', async () => {
    const { page, context } = await journey.newPage(MOBILE);
    await openAdmin(page);
    await page.getByRole('button', { name: 'Create Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Partner' });
    await dialog.getByRole('button', { name: 'Create Partner' }).click();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    await dialog.getByLabel('Email').fill('direct@e2e.test');
    await dialog.getByLabel(/^Password/).fill('direct-password-1');
    await dialog.getByLabel('Company Name').fill('Directly Made Partners');
    await dialog.getByLabel('Contact Name').fill('Dana Direct');
    await dialog.getByLabel('Phone').fill('123');
    await dialog.getByRole('button', { name: 'Create Partner' }).click();
    await dialog.getByText('Please enter a valid phone number').waitFor();
    await dialog.getByLabel('Phone').fill('');
    await dialog.getByRole('button', { name: 'Create Partner' }).click();
    await page.getByText('Partner created successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Search affiliates').fill('directly');
    const affiliates = page.locator('table').filter({ hasText: 'Referral Code' });
    await affiliates.getByRole('row').filter({ hasText: 'Directly Made Partners' }).waitFor();
    await page.getByTestId('affiliates-range').filter({ hasText: '1–1 of 1' }).waitFor();

    // The same email again is refused with the server's message, in the toast and under the Email field.
    await page.getByRole('button', { name: 'Create Partner' }).click();
    await dialog.getByLabel('Email').fill('direct@e2e.test');
    await dialog.getByLabel(/^Password/).fill('direct-password-1');
    await dialog.getByLabel('Company Name').fill('Second Try');
    await dialog.getByLabel('Contact Name').fill('Dana Direct');
    await dialog.getByRole('button', { name: 'Create Partner' }).click();
    await page.getByText('Partner creation failed').waitFor();
    expect(
      await page.getByTestId('toast-region').getByText('An account with this email already exists').isVisible(),
    ).toBe(true);
    expect(await dialog.getByText('An account with this email already exists').isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-dashboard-mobile');

    // The partner created by the admin signs in and reaches the dashboard straight away.
    const token = await journey.api().login('direct@e2e.test', 'direct-password-1');
    const partner = await journey.signedInPage(token, '/dashboard', MOBILE);
    await partner.page.getByText('Welcome back, Dana Direct').waitFor();
    await partner.context.close();
    await context.close();
  });

  it('has no serious accessibility violations in its screens at 1366 px and 390 px', async () => {
    await applicant('a11y-check@e2e.test', 'Accessible Apps Inc', 'Ally Check');
    for (const viewport of [DESKTOP, MOBILE]) {
      // axe is injected as an inline script, which the portal's CSP forbids; only this check bypasses it.
      const context = await journey.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      await openAdmin(page);
      await page.getByTestId('affiliates').getByRole('row').nth(1).waitFor();
      // The parts of the page checked here: the header, the metric cards, the queue and the affiliates table.
      expect(
        await seriousViolationsIn(page, [
          '[data-testid="admin-header"]',
          '[data-testid="admin-metrics"]',
          '[data-testid="approval-queue"]',
          '[data-testid="affiliates"]',
        ]),
      ).toEqual([]);
      for (const [button, dialog] of [
        ['Create Partner', 'Create New Partner'],
        ['Partner Settings', 'Partner Settings'],
        ['View details of Accessible Apps Inc', 'Partner Application Details'],
        ['Reject Accessible Apps Inc', 'Reject application'],
      ] as const) {
        await page.getByRole('button', { name: button, exact: true }).click();
        await page.getByRole('dialog', { name: dialog }).waitFor();
        await page.getByRole('dialog', { name: dialog }).getByRole('heading', { name: dialog }).waitFor();
        await settled(page);
        expect(await seriousViolationsIn(page, ['[role="dialog"]'])).toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: dialog }).waitFor({ state: 'hidden' });
      }
      await context.close();
    }
  });
});
