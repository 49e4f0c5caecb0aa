// The audit log in Chromium: an admin approves an applicant, opens Activity from the sidebar,
// finds the approval with its before/after, filters to it and downloads the filtered CSV. Each
// entry reads as a sentence with names ("… moved Nimbus Pet Supply to Won"), on the Activity screen
// and on the partner's page, client payments included. Screens at 1366 px and 390 px, light and dark.

import { readFileSync } from 'node:fs';
import { previousMonthKey } from '@portal/contracts/plain';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal } from '../src/harness';
import { screenshot, seriousA11yViolations, useScheme } from '../src/page-checks';

const journey = usePortal();

const shot = screenshot;

describe('the Activity screen in the browser', () => {
  it('shows who approved a partner with the status before and after, filters to it and exports it', async () => {
    const client = journey.api();
    const applied = await client.apply('audit-me@e2e.test', 'applicant-password-1', 'Audited Growth Co', 'Ada Audit');
    const applicantToken = applied.token;
    const adminToken = await client.adminToken();
    await client.approve(adminToken, applied.id);

    // The partner refers a client, the admin wins the deal and records the client's payment.
    const referred = await client.call<{ id: string }>(
      'POST',
      '/api/partners/referrals',
      { clientCompanyName: 'Nimbus Pet Supply', monthlyValue: '1000.00' },
      applicantToken,
    );
    expect(referred.status, JSON.stringify(referred.body)).toBe(201);
    const lastMonth = previousMonthKey(new Date());
    const won = await client.call(
      'PATCH',
      `/api/admin/referrals/${referred.body.id}`,
      { stage: 'won', contractStartDate: `${lastMonth}-01` },
      adminToken,
    );
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    const paid = await client.call(
      'POST',
      `/api/admin/referrals/${referred.body.id}/payments`,
      { periodMonth: lastMonth, amount: '1000.00', paidAt: new Date().toISOString().slice(0, 10) },
      adminToken,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);

    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/activity');

    const approval = page.getByRole('row').filter({ hasText: 'partner.approved' });
    await approval.waitFor();
    expect(await approval.locator('del').textContent()).toBe('pending');
    expect(await approval.locator('ins').textContent()).toBe('active');
    expect(await approval.textContent()).toContain(ADMIN.email);
    // The pointer left on the clicked link would show its hover colour in the picture.
    await page.mouse.move(900, 20);
    expect(
      await page.getByTestId('sidebar').getByRole('link', { name: 'Admin Dashboard' }).getAttribute('aria-current'),
    ).toBeNull();
    // The breadcrumb back to the dashboard is a way out, not this page: only the last crumb is the current page.
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(await breadcrumb.locator('[aria-current="page"]').allTextContents()).toEqual(['Activity']);
    // Each entry reads as a sentence naming the actor, the client and the partner.
    const sentences = page.getByTestId('activity-sentence');
    await sentences.filter({ hasText: `${ADMIN.email} moved Nimbus Pet Supply to Won` }).waitFor();
    await sentences.filter({ hasText: `${ADMIN.email} recorded Nimbus Pet Supply’s payment of $1,000.00` }).waitFor();
    await sentences.filter({ hasText: 'Ada Audit referred Nimbus Pet Supply' }).waitFor();
    await sentences.filter({ hasText: `${ADMIN.email} approved Audited Growth Co` }).waitFor();
    await shot(page, 'activity-desktop-light');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Action').fill('partner.approved');
    await page.getByLabel('Entity id').fill(applied.id);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByTestId('activity-total').filter({ hasText: '1 entry' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8')
      .split('\r\n')
      .filter(Boolean);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain('"partner.approved"');
    expect(csv[1]).toContain('"status: pending → active"');

    await useScheme(page, 'dark');
    await shot(page, 'activity-desktop-dark');
    await context.close();

    const mobile = await journey.signedInPage(adminToken, '/admin/activity', MOBILE);
    // The export is logged too (its details name the filter): the approval is the row with a diff.
    await mobile.page
      .getByRole('row')
      .filter({ hasText: 'partner.approved', has: mobile.page.locator('del') })
      .waitFor();
    await shot(mobile.page, 'activity-mobile-light');
    await useScheme(mobile.page, 'dark');
    expect(await seriousA11yViolations(mobile.page)).toEqual([]);
    await shot(mobile.page, 'activity-mobile-dark');
    await mobile.context.close();

    // The partner's page says the same of the partner, in both schemes at both widths.
    for (const viewport of [DESKTOP, MOBILE]) {
      const view = await journey.signedInPage(adminToken, `/admin/partners/${applied.id}`, viewport);
      const partnerSentences = view.page.getByTestId('activity-sentence');
      await partnerSentences.filter({ hasText: `${ADMIN.email} moved Nimbus Pet Supply to Won` }).waitFor();
      await partnerSentences.filter({ hasText: 'recorded Nimbus Pet Supply’s payment of $1,000.00' }).waitFor();
      await partnerSentences.filter({ hasText: `${ADMIN.email} approved Audited Growth Co` }).waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(view.page, scheme);
        await partnerSentences.first().scrollIntoViewIfNeeded();
        await view.page.mouse.move(0, 0);
        // The dark scheme's DOM is the light one's: axe's colour rules are what it can change.
        expect(await seriousA11yViolations(view.page, scheme === 'light' ? 'all' : 'colours')).toEqual([]);
        await screenshot(view.page, `activity-partner-page-${viewport.width}-${scheme}`, { viewport: true });
      }
      await view.context.close();
    }
  });
});
