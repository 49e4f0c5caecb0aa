// The workspace at 1366 px: a long company name is cut with its full value on hover and focus, and the
// All Affiliates table keeps every column in view.

import { describe, expect, it } from 'vitest';
import { DESKTOP, usePortal } from '../src/harness';
import { screenshot, seriousA11yViolations } from '../src/page-checks';

const journey = usePortal();

const LONG_NAME =
  'Northwestern Pacific Omnichannel Commerce Advisory and Fractional Finance Partners International Holdings LLC'.slice(
    0,
    107,
  );

describe('the workspace at 1366 px', () => {
  it('keeps the All Affiliates table inside the viewport with a 107-character company name, shown whole on focus', async () => {
    expect(LONG_NAME).toHaveLength(107);
    const client = journey.api();
    const admin = await client.adminToken();
    await client.createPartner(admin, {
      email: 'long-name@e2e.test',
      password: 'long-name-password-1',
      companyName: LONG_NAME,
      contactName: 'Alexandra Montgomery-Richardson',
    });

    const { context, page } = await journey.signedInPage(admin, '/admin/partners', DESKTOP);
    const link = page.getByRole('link', { name: LONG_NAME });
    await link.waitFor();
    const box = await page.locator('table').first().boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(DESKTOP.width);
    for (const header of ['Company', 'Contact', 'Status', 'Referral Code', 'MRR', 'Total Earned', 'Joined']) {
      const cell = await page.getByRole('columnheader', { name: header }).boundingBox();
      expect(cell!.x + cell!.width, header).toBeLessThanOrEqual(DESKTOP.width);
    }
    await link.focus();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(LONG_NAME);
    await screenshot(page, 'workspace-affiliates-long-name-1366');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
