// Journey: an admin uploads a PDF to the marketing library; a partner downloads it from the
// Marketing tab and sees the count rise; the admin sees the count too.

import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, partnerSeed } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal } from '../src/harness';
import { cardLabels, screenshot, openTab } from '../src/page-checks';

// The portal (its own database and copy of the web build) and Chromium of this file.
const journey = usePortal();

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const TITLE = 'Partner One-Pager';

async function materialsSection(page: Page) {
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Marketing Materials' }) });
  await section.waitFor();
  return section;
}

describe('marketing materials in Chromium', () => {
  let adminToken: string;
  let partnerToken: string;

  it('lets an admin upload a PDF from the admin screen', async () => {
    const client = journey.api();
    adminToken = await client.login(ADMIN.email, ADMIN.password);
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    const section = await materialsSection(page);
    await section.getByRole('button', { name: 'Add Material' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add Marketing Material' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Description').fill('What we do for e-commerce brands, on one page.');
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'PDF' }).click();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'one-pager.pdf', mimeType: 'application/pdf', buffer: PDF });
    await screenshot(page, 'materials-add-dialog-desktop');
    await dialog.getByRole('button', { name: 'Add Material' }).click();

    await page.getByText('Material added').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = section.getByTestId('material-row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.getByTestId('admin-download-count').textContent()).toBe('0');
    expect(await row.textContent()).toContain('one-pager.pdf');
    await screenshot(page, 'materials-admin-desktop');
    await context.close();
  });

  it('lets a partner download it from the Marketing tab and see the count rise', async () => {
    const client = journey.api();
    partnerToken = (
      await client.createPartner(
        adminToken,
        partnerSeed('materials-partner@e2e.test', 'Shelf Growth Agency', 'Dana Reyes'),
      )
    ).token;

    const { page, context } = await journey.signedInPage(partnerToken, '/dashboard', DESKTOP);
    await openTab(page, 'Marketing');
    const card = page.getByTestId('material-card').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await card.getByText('PDF', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByTestId('download-count').textContent()).toBe('0 downloads');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: `Download ${TITLE}` }).click(),
    ]);
    await page.getByText('Download Tracked').first().waitFor();
    await expect.poll(() => card.getByTestId('download-count').textContent()).toBe('1 download');
    expect(download.suggestedFilename()).toBe('one-pager.pdf');
    const saved = await download.path();
    expect(Buffer.compare(await readFile(saved), PDF)).toBe(0);

    const [second] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: `Download ${TITLE}` }).click(),
    ]);
    await second.path();
    await expect.poll(() => card.getByTestId('download-count').textContent()).toBe('2 downloads');
    await screenshot(page, 'materials-partner-desktop');
    await context.close();
  });

  it('shows the admin the partner’s downloads', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    const section = await materialsSection(page);
    const row = section.getByTestId('material-row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.getByTestId('admin-download-count').textContent()).toBe('2');
    await screenshot(section, 'materials-admin-desktop-section');
    await context.close();
  });

  it('hides a deactivated material from the partner', async () => {
    const { page, context } = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    const section = await materialsSection(page);
    await section.getByRole('switch', { name: `Deactivate ${TITLE}` }).click({ force: true });
    await page.getByText('Material deactivated').waitFor();
    await context.close();

    const partner = await journey.signedInPage(partnerToken, '/dashboard', DESKTOP);
    await openTab(partner.page, 'Marketing');
    await partner.page.getByText('No marketing materials yet. Check back soon.').waitFor();
    await partner.context.close();

    const again = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    await (
      await materialsSection(again.page)
    )
      .getByRole('switch', { name: `Activate ${TITLE}` })
      .click({ force: true });
    await again.page.getByText('Material activated').waitFor();
    await again.context.close();
  });

  it('lays out on a phone (390 px)', async () => {
    const admin = await journey.signedInPage(adminToken, '/admin', MOBILE);
    const section = await materialsSection(admin.page);
    // The row is a card: each column's label beside its value, the table's header row taking no room.
    const item = section.getByTestId('material-row').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await cardLabels(item)).toContain('Downloads 2');
    expect((await section.locator('thead').boundingBox())?.height).toBeLessThanOrEqual(1);
    await section.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'materials-admin-mobile');
    await screenshot(section, 'materials-admin-mobile-section');
    await section.getByRole('button', { name: 'Add Material' }).click();
    await admin.page.getByRole('dialog', { name: 'Add Marketing Material' }).waitFor();
    await screenshot(admin.page, 'materials-add-dialog-mobile');
    await admin.context.close();

    const partner = await journey.signedInPage(partnerToken, '/dashboard', MOBILE);
    await openTab(partner.page, 'Marketing');
    const card = partner.page.getByTestId('material-card').first();
    await card.waitFor();
    const box = await card.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    const overflow = await partner.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(partner.page, 'materials-partner-mobile');
    await partner.context.close();
  });
});
