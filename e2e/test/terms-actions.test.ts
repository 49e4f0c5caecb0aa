// The agreement's actions in Chromium: dragging a deal to Won asks for the signing date and the annual sales and
// warns, before confirming, that a client signed after its window will not qualify; "Extend window" shows the
// terms' limit on its field and then lengthens the window, so the same deal qualifies; "Override qualification"
// decides it the other way; on the partner page the admin forfeits the unpaid fees (named with their count and
// total) and ends the partnership (the scheduled end shows); a churn date set on a won deal warns of the months
// it voids and voids them; a partner gives notice from Settings. Screens at
// 1366 px and 390 px, light and dark.

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, usePortal, VIEWS } from '../src/harness';
import {
  openDialog,
  openTab,
  screenshot,
  seriousA11yViolations,
  settled,
  useScheme,
  settledScreenshot,
} from '../src/page-checks';

const journey = usePortal();

const PASSWORD = 'actions-password-1';
const LATE_CLIENT = 'Late Signing Supplies';
const PAID_CLIENT = 'Paid Fee Provisions';
const CHURNING_CLIENT = 'Churning Goods Co';
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

let adminToken: string;
let partnerId: string;
let leavingToken: string;

async function createActivePartner(email: string, companyName: string): Promise<{ id: string; token: string }> {
  return journey.api().createPartner(adminToken, {
    email,
    password: PASSWORD,
    companyName,
    contactName: 'Avery Action',
    expectedVolume: '1-2 referrals/month',
  });
}

/** Screenshots of whatever is open at both widths, light and dark; `open` brings it back after a resize. */
async function everyWay(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  for (const [label, viewport] of VIEWS) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await useScheme(page, scheme);
      await open();
      await settledScreenshot(page, `${name}-${label}-${scheme}`, { viewport: true });
    }
  }
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await useScheme(page, 'light');
  await page.setViewportSize(DESKTOP);
}

/** `dialog`, opened by the page's button `button`, looked at every way (`everyWay`) and opened again to act on; `ready` shows it loaded. */
async function everyWayThenOpen(
  page: Page,
  name: string,
  button: string,
  dialog: Locator,
  ready: Locator,
): Promise<void> {
  const open = async () => {
    await openDialog(page.getByRole('button', { name: button }), dialog);
    await ready.waitFor();
  };
  await everyWay(page, name, open);
  await open();
}

beforeAll(async () => {
  const client = journey.api();
  adminToken = await client.adminToken();
  partnerId = (await createActivePartner('actions-partner@e2e.test', 'Action Growth Partners')).id;
  leavingToken = (await createActivePartner('leaving-partner@e2e.test', 'Leaving Ventures')).token;
  // Accepted 70 days ago: its 60-day window ended 10 days ago.
  const late = await client.call(
    'POST',
    '/api/admin/referrals',
    {
      partnerId,
      clientCompanyName: LATE_CLIENT,
      serviceType: 'basic_accounting',
      monthlyValue: '800.00',
      acceptedAt: daysAgo(70),
      annualSales: '1500000.00',
    },
    adminToken,
  );
  expect(late.status).toBe(201);
  // A qualifying client with a month paid: one pending fee of 50.00.
  const paid = await client.addWonClient(
    adminToken,
    {
      partnerId,
      clientCompanyName: PAID_CLIENT,
      serviceType: 'basic_accounting',
      monthlyValue: '900.00',
      contractStartDate: `${daysAgo(70).slice(0, 7)}-01`,
      annualSales: '1800000.00',
    },
    {},
  );
  const payment = await client.call(
    'POST',
    `/api/admin/referrals/${paid.id}/payments`,
    { periodMonth: daysAgo(40).slice(0, 7), amount: '900.00', paidAt: daysAgo(0) },
    adminToken,
  );
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
});

const lateCard = (page: Page, stage: string) =>
  page.getByTestId(`pipeline-column-${stage}`).locator(`[data-deal="${LATE_CLIENT}"]`);

/** Opens the stage menu of the late deal's card in `stage` and picks Won. */
async function chooseWon(page: Page, stage: string): Promise<void> {
  await lateCard(page, stage).getByTestId('deal-stage').click();
  await page.getByRole('menuitemradio', { name: 'Won' }).click();
}

/** Opens `action` from the qualification menu of the late deal's card in `stage`. */
async function qualificationAction(page: Page, stage: string, action: string): Promise<void> {
  await lateCard(page, stage)
    .getByRole('button', { name: `Deal actions for ${LATE_CLIENT}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe("the agreement's actions on the screens", () => {
  it('warns before a late deal is won, extends its window, and wins it as a qualifying client', async () => {
    const { context, page } = await journey.newPage();
    try {
      await journey.signIn(page, adminToken, '/admin/pipeline');
      await page.getByRole('heading', { name: 'Pipeline', level: 1 }).waitFor();
      const card = lateCard(page, 'booked');
      await card.waitFor();

      // Dragged onto Won: the dialog asks first, and says why the deal will not qualify.
      const from = (await card.boundingBox())!;
      const to = (await page.getByTestId('pipeline-column-won').boundingBox())!;
      await page.mouse.move(from.x + 20, from.y + 20);
      await page.mouse.down();
      await page.mouse.move(from.x + 40, from.y + 30, { steps: 4 });
      await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
      await page.mouse.up();
      const winning = page.getByRole('dialog', { name: 'Mark deal as won' });
      const outcome = winning.getByTestId('won-outcome');
      await outcome.getByText(/signed after the qualification window ended on/).waitFor();
      expect(await outcome.textContent()).toContain('earns no fees');
      await settled(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await everyWay(page, 'terms-won-warning', async () => {
        await chooseWon(page, 'booked');
        await winning
          .getByTestId('won-outcome')
          .getByText(/signed after/)
          .waitFor();
      });
      await lateCard(page, 'booked').waitFor();

      // Extend window: more than the terms allow shows the limit on the field; 20 days are accepted.
      await qualificationAction(page, 'booked', 'Extend window');
      const extending = page.getByRole('dialog', { name: 'Extend the qualification window' });
      await extending.getByLabel('Days to add').fill('400');
      await extending.getByLabel('Reason').fill('The client’s board meets next week');
      await extending.getByRole('button', { name: 'Extend window' }).click();
      await extending.getByText(/Extensions of one referral add up to at most 365 days/).waitFor();
      await settledScreenshot(page, 'terms-extend-limit', { viewport: true });
      await extending.getByLabel('Days to add').fill('20');
      await extending.getByRole('button', { name: 'Extend window' }).click();
      await page.getByText(/may now sign until/).waitFor();
      await extending.waitFor({ state: 'detached' });

      // Won again: now inside the window, with the sales recorded, a qualifying client.
      await chooseWon(page, 'booked');
      await winning.locator('[data-testid="won-outcome"][data-qualifying]').waitFor();
      await winning.getByRole('button', { name: 'Mark as Won' }).click();
      await page.getByText(`${LATE_CLIENT} moved to Won.`).waitFor();
      await lateCard(page, 'won').waitFor();

      // Override: an admin decides it is not a qualifying client.
      await qualificationAction(page, 'won', 'Override qualification');
      const overriding = page.getByRole('dialog', { name: 'Override qualification' });
      await overriding.getByText('Not qualifying', { exact: true }).click();
      await overriding.getByLabel('Reason').fill('Sales figure not confirmed by the client');
      await settledScreenshot(page, 'terms-override', { viewport: true });
      await overriding.getByRole('button', { name: 'Save decision' }).click();
      await page.getByText(/is not a qualifying client; the partner is told by mail/).waitFor();
      await lateCard(page, 'won').getByTestId('not-qualifying-badge').waitFor();
    } finally {
      await context.close();
    }
  });

  it('forfeits the unpaid fees and ends the partnership from the partner page', async () => {
    const { context, page } = await journey.newPage();
    try {
      await journey.signIn(page, adminToken, `/admin/partners/${partnerId}`);
      await page.getByRole('heading', { name: 'Action Growth Partners', level: 1 }).waitFor();
      const forfeiting = page.getByRole('dialog', { name: 'Forfeit unpaid and future fees' });
      await everyWayThenOpen(
        page,
        'terms-forfeit',
        'Forfeit fees',
        forfeiting,
        forfeiting.getByTestId('forfeit-summary'),
      );
      expect(await forfeiting.getByTestId('forfeit-summary').textContent()).toContain(
        'This voids 1 unpaid fee of Action Growth Partners, $50.00 in all',
      );
      await forfeiting.getByLabel('Reason').fill('Solicited a client of the firm');
      await forfeiting.getByRole('button', { name: 'Forfeit $50.00' }).click();
      await page.getByText('1 unpaid fee of $50.00 voided and the future fees forfeited', { exact: false }).waitFor();
      await page
        .getByTestId('fees-forfeited')
        .getByText(/forfeited its unpaid and future fees/)
        .waitFor();
      expect(await page.getByRole('button', { name: 'Forfeit fees' }).isDisabled()).toBe(true);

      const ending = page.getByRole('dialog', { name: 'End partnership' });
      await everyWayThenOpen(
        page,
        'terms-end-partnership',
        'End partnership',
        ending,
        ending.getByLabel('Effective date'),
      );
      const noticeDay = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
      expect(await ending.getByLabel('Effective date').inputValue()).toBe(noticeDay);
      await ending.getByLabel('Reason').fill('Breach of non-solicitation');
      await ending.getByRole('button', { name: 'End partnership' }).click();
      await page
        .getByText(/partnership ends on/)
        .first()
        .waitFor();
      const notice = page.getByTestId('partnership-end');
      await notice.getByText(/The firm gave notice: the partnership ends on/).waitFor();
      expect(await page.getByRole('button', { name: 'End partnership' }).count()).toBe(0);
      await settledScreenshot(page, 'terms-partner-page-ending');
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Until its day the notice can be withdrawn: the dialog names the day the partnership would have ended.
      await page.getByRole('button', { name: 'Withdraw notice' }).click();
      const withdrawing = page.getByRole('dialog', { name: 'Withdraw notice' });
      await withdrawing.getByText(/partnership will not end on/).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'terms-admin-withdraw-notice', { viewport: true });
      await withdrawing.getByRole('button', { name: 'Cancel' }).click();
      await withdrawing.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it("voids a won client's later fees when its churn date is set from the deal's menu", async () => {
    const client = journey.api();
    const churner = await createActivePartner('churn-partner@e2e.test', 'Churn Watch Partners');
    const first = daysAgo(95).slice(0, 7);
    const later = daysAgo(35).slice(0, 7);
    const won = await client.addWonClient(
      adminToken,
      {
        partnerId: churner.id,
        clientCompanyName: CHURNING_CLIENT,
        serviceType: 'basic_accounting',
        monthlyValue: '900.00',
        contractStartDate: `${daysAgo(130).slice(0, 7)}-01`,
        annualSales: '1800000.00',
      },
      {},
    );
    for (const periodMonth of [first, later]) {
      const payment = await client.call(
        'POST',
        `/api/admin/referrals/${won.id}/payments`,
        { periodMonth, amount: '900.00', paidAt: daysAgo(0) },
        adminToken,
      );
      expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    }
    const [year, month] = first.split('-').map(Number) as [number, number];
    const firstVoided = new Date(Date.UTC(year, month, 1)).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });

    const { context, page } = await journey.newPage();
    try {
      await journey.signIn(page, adminToken, '/admin/pipeline');
      const card = page.getByTestId('pipeline-column-won').locator(`[data-deal="${CHURNING_CLIENT}"]`);
      await card.waitFor();
      const dialog = page.getByRole('dialog', { name: 'Contract and churn dates' });
      const open = async () => {
        await card.getByRole('button', { name: `Deal actions for ${CHURNING_CLIENT}` }).click();
        await page.getByRole('menuitem', { name: 'Contract and churn dates' }).click();
        await dialog.getByLabel('Churn date').fill(`${first}-15`);
        await dialog.getByTestId('voids-from').waitFor();
      };
      await everyWay(page, 'terms-churn-date', open);
      await open();
      expect(await dialog.getByTestId('voids-from').textContent()).toContain(
        `Pending fees for ${firstVoided} and later months will be voided`,
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Save contract' }).click();
      await page.getByText(`The contract dates of ${CHURNING_CLIENT} are saved.`).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('Churned').waitFor();
    } finally {
      await context.close();
    }
    const fees = await client.call('GET', `/api/admin/partners/${churner.id}/commissions`, undefined, adminToken);
    const byMonth = Object.fromEntries(
      (fees.body as { monthYear: string; status: string; voidReason: string | null }[]).map((fee) => [
        fee.monthYear,
        fee,
      ]),
    );
    expect(byMonth[first]?.status).toBe('pending');
    expect(byMonth[later]).toMatchObject({
      status: 'voided',
      voidReason: expect.stringMatching(/^The client churned on/),
    });
  });

  it('lets a partner give notice from Settings and shows the scheduled end', async () => {
    const { context, page } = await journey.newPage();
    try {
      await journey.signIn(page, leavingToken, '/dashboard');
      await openTab(page, 'Settings');
      const card = page.getByTestId('end-partnership');
      await card.getByRole('button', { name: 'End partnership' }).click();
      const dialog = page.getByRole('dialog', { name: 'End partnership' });
      await dialog.getByText(/Your notice takes effect after 30 days/).waitFor();
      await dialog.getByRole('button', { name: 'Give notice' }).click();
      await dialog.getByText('Give a reason').waitFor();
      await everyWay(page, 'terms-partner-notice', async () => {
        await openDialog(card.getByRole('button', { name: 'End partnership' }), dialog);
        await dialog.getByText(/Your notice takes effect/).waitFor();
      });
      await openDialog(card.getByRole('button', { name: 'End partnership' }), dialog);
      await dialog.getByLabel('Reason').fill('Closing the agency');
      await dialog.getByRole('button', { name: 'Give notice' }).click();
      await card
        .getByTestId('partnership-end')
        .getByText(/You gave notice: your partnership ends on/)
        .waitFor();
      await card.scrollIntoViewIfNeeded();
      await settledScreenshot(page, 'terms-partner-notice-given', { viewport: true });
      for (const scheme of ['dark', 'light'] as const) {
        await page.setViewportSize(MOBILE);
        await useScheme(page, scheme);
        await card.scrollIntoViewIfNeeded();
        await settledScreenshot(page, `terms-partner-notice-given-phone-${scheme}`, { viewport: true });
      }
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Second thoughts: the partner withdraws its own notice, and the card offers to end it again.
      await page.setViewportSize(DESKTOP);
      await card.getByRole('button', { name: 'Withdraw notice' }).click();
      const withdrawing = page.getByRole('dialog', { name: 'Withdraw notice' });
      await withdrawing.getByText(/it continues as before/).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'terms-partner-notice-withdraw', { viewport: true });
      await withdrawing.getByRole('button', { name: 'Withdraw notice' }).click();
      await page.getByText('Your partnership continues.').waitFor();
      await card.getByRole('button', { name: 'End partnership' }).waitFor();
      expect(await card.getByTestId('partnership-end').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
