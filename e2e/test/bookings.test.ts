// Browser journey of lead capture: a signed Cal.com booking webhook posted to the running server
// becomes a referral in the admin pipeline's Booked column and on the partner's dashboard; a second
// partner's lead for the same client is a conflict the admin resolves in the Conflicts screen.

import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerSeed } from '../src/api-client';
import { DESKTOP, usePortal } from '../src/harness';
import { screenshot } from '../src/page-checks';

const CALCOM_SECRET = 'e2e-calcom-webhook-secret';
const journey = usePortal({ CALCOM_WEBHOOK_SECRET: CALCOM_SECRET });
let adminToken: string;
const FIRST = partnerSeed('booker@e2e.test', 'Booked Growth LLC', 'Bea Booker');
const SECOND = partnerSeed('latecomer@e2e.test', 'Latecomer Media', 'Lou Late');
const tokens: Record<string, string> = {};
const codes: Record<string, string> = {};

beforeAll(async () => {
  const client = journey.api();
  adminToken = await client.adminToken();
  for (const partner of [FIRST, SECOND]) {
    const created = await client.createPartner(adminToken, partner);
    tokens[partner.email] = created.token;
    codes[partner.email] = created.referralCode;
  }
});

describe('a booking through a partner link', () => {
  it('reaches the Booked column and the partner dashboard, and a second partner’s claim is resolved', async () => {
    const body = JSON.stringify({
      triggerEvent: 'BOOKING_CREATED',
      createdAt: new Date().toISOString(),
      payload: {
        type: 'free-consultation',
        title: 'Free Consultation',
        startTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        endTime: new Date(Date.now() + 3 * 86_400_000 + 1_800_000).toISOString(),
        attendees: [{ name: 'Wren Walker', email: 'wren@wildwood-provisions.example', timeZone: 'UTC' }],
        responses: {
          name: { label: 'your_name', value: 'Wren Walker' },
          email: { label: 'email_address', value: 'wren@wildwood-provisions.example' },
          ref: { label: 'Referral code', value: codes[FIRST.email] },
          company: { label: 'Company', value: 'Wildwood Provisions' },
        },
        metadata: { service: 'cfo' },
        uid: randomUUID(),
        bookingId: 1,
        status: 'ACCEPTED',
      },
    });
    const res = await fetch(`${journey.portal.baseUrl}/api/integrations/calcom`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-cal-signature-256': createHmac('sha256', CALCOM_SECRET).update(body).digest('hex'),
      },
      body,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { outcome: string }).outcome).toBe('created');

    const admin = await journey.signedInPage(adminToken, '/admin', DESKTOP);
    const booked = admin.page.locator('[data-testid="pipeline-column-booked"]');
    await booked.locator('[data-deal="Wildwood Provisions"]').waitFor();
    expect(await booked.locator('[data-deal="Wildwood Provisions"]').getByText('Booked online').count()).toBe(1);

    const partner = await journey.signedInPage(tokens[FIRST.email] as string, '/dashboard', DESKTOP);
    await partner.page.locator('[data-testid="booking-row"][data-client="Wildwood Provisions"]').waitFor();
    expect(await partner.page.getByTestId('bookings-this-week').textContent()).toContain('1 this week');
    await screenshot(partner.page, 'bookings-partner-dashboard');
    await partner.context.close();

    // The second partner sends the same client through the firm's lead form: a conflict.
    const lead = await journey
      .api()
      .call<{ clientAlreadyIntroduced: boolean }>(
        'POST',
        '/api/leads',
        { referralCode: codes[SECOND.email], clientEmail: 'ops@wildwood-provisions.example', clientName: 'Ollie Ops' },
        adminToken,
      );
    expect(lead.status).toBe(201);
    expect(lead.body.clientAlreadyIntroduced).toBe(true);

    await admin.page.getByRole('link', { name: 'Conflicts' }).click();
    const conflicts = admin.page.getByRole('region', { name: 'Open conflicts' });
    await conflicts.getByText('Latecomer Media').waitFor();
    expect(await conflicts.getByText('Booked Growth LLC').count()).toBe(1);
    await screenshot(admin.page, 'bookings-conflicts');
    await conflicts.getByRole('button', { name: /Resolve the conflict/ }).click();
    await admin.page.getByRole('menuitem', { name: /^Keep with Booked Growth LLC/ }).click();
    await admin.page
      .getByRole('dialog', { name: 'Resolve the conflict' })
      .getByRole('button', { name: 'Keep with Booked Growth LLC' })
      .click();
    await conflicts.getByText('No open conflicts').waitFor();
    await admin.context.close();

    const second = await journey
      .api()
      .call<{ stage: string; lostReason: string | null }[]>(
        'GET',
        '/api/partners/referrals',
        undefined,
        tokens[SECOND.email],
      );
    expect(second.body[0]).toMatchObject({ stage: 'lost', lostReason: 'Client already introduced by another partner' });
  });
});
