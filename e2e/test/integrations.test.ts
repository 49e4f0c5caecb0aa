// Integrations in Chromium: the admin's Integrations screen. Create an API key (its key shown once with a
// copy button, then gone from the page), use it, revoke it with confirmation; add a webhook to a
// receiver started by the test, send a test event and see the delivery. Screens at 1366 and 390 px.

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../src/api-client';
import { DESKTOP, MOBILE, usePortal } from '../src/harness';
import { seriousA11yViolations, settledScreenshot, useScheme } from '../src/page-checks';

const journey = usePortal({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });

const received: IncomingMessage['headers'][] = [];
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received.push(req.headers);
    res.end('ok');
  });
});
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function openIntegrations(page: Page) {
  const token = await journey.api().login(ADMIN.email, ADMIN.password);
  await journey.signIn(page, token, '/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  await page.getByRole('link', { name: 'Integrations' }).click();
  await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
}

describe('the Integrations screen', () => {
  it('creates a key shown once, copies it, uses it and revokes it; adds a webhook and sees a test delivery', async () => {
    const { page, context } = await journey.newPage(DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.portal.baseUrl });
    await openIntegrations(page);
    await page.getByText('No API keys yet').waitFor();

    await page.getByRole('button', { name: 'Create API key' }).click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await create.getByLabel('Name').fill('Reporting dashboard');
    await create.getByRole('checkbox', { name: 'Read partners' }).check();
    await create.getByRole('checkbox', { name: 'Read referrals' }).check();
    await settledScreenshot(page, 'integrations-create-key-1366');
    await create.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'API key "Reporting dashboard"' });
    const key = (await shown.getByTestId('shown-once-value').textContent()) ?? '';
    expect(key).toMatch(/^ppk_[A-Za-z0-9_-]{43,}$/);
    await shown.getByRole('button', { name: 'Copy the API key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await settledScreenshot(page, 'integrations-key-shown-once-1366');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });

    // Listed by its prefix only: the key itself is nowhere on the page any more.
    await page.getByRole('cell', { name: 'Reporting dashboard', exact: true }).waitFor();
    expect(await page.content()).not.toContain(key);
    const client = journey.api();
    expect((await client.call('GET', '/api/admin/partners?limit=5', undefined, key)).status).toBe(200);
    expect((await client.call('GET', '/api/admin/commissions/pending?limit=5', undefined, key)).status).toBe(403);

    // A webhook to the test's receiver, then a test event that the worker delivers.
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const add = page.getByRole('dialog', { name: 'Add webhook' });
    await add.getByLabel('URL').fill(receiverUrl);
    await add.getByRole('checkbox', { name: 'partner.approved' }).check();
    await add.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByRole('dialog', { name: 'Webhook added' });
    expect(await secret.getByTestId('shown-once-value').textContent()).toMatch(/^whsec_/);
    await secret.getByRole('button', { name: 'Done' }).click();
    await secret.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Send test event' }).click();
    const deliveries = page.getByTestId('webhook-deliveries');
    await deliveries.getByText('webhook.test').waitFor();
    await deliveries.getByText('Delivered').waitFor({ timeout: 20_000 });
    expect(received).toHaveLength(1);
    expect(received[0]?.['webhook-id']).toMatch(/^msg_/);
    expect(received[0]?.['webhook-signature']).toMatch(/^v1,/);
    await page.mouse.move(0, 0); // no button left in its hover state
    await settledScreenshot(page, 'integrations-1366');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await useScheme(page, 'dark');
    await settledScreenshot(page, 'integrations-dark-1366');
    await page.getByTestId('theme-toggle').click();

    // Revoke, with confirmation: the key is refused at once.
    await page.getByRole('button', { name: 'Revoke Reporting dashboard' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await settledScreenshot(page, 'integrations-revoke-1366');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('No API keys yet').waitFor();
    expect((await client.call('GET', '/api/admin/partners?limit=5', undefined, key)).status).toBe(401);
    await context.close();

    const mobile = await journey.newPage(MOBILE);
    const token = await client.login(ADMIN.email, ADMIN.password);
    await journey.signIn(mobile.page, token, '/admin/integrations');
    await mobile.page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await mobile.page.getByTestId('webhook-deliveries').getByText('Delivered').waitFor();
    await settledScreenshot(mobile.page, 'integrations-390');
    await mobile.context.close();
  });
});
