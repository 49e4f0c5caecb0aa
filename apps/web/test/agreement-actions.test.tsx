// The agreement's actions on the screens: a deal card's "Extend window" (the server's limit shows on the days
// field), "Override qualification" and a won client's contract and churn dates (warning of the fees a stop
// voids); the admin partner page's "End partnership" (effective date defaulting
// to the notice days ahead; the scheduled end shows afterwards) and "Forfeit fees" (confirmed with the count
// and total it voids); the partner's own notice from Settings.

import {
  ENDING_MESSAGES,
  PROGRAM_TERMS_MESSAGES,
  REFERRAL_MESSAGES,
  type AdminPartnershipEnd,
  type PartnershipEnd,
  type Referral,
} from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DealActions } from '../src/features/admin/pipeline/deal-actions';
import {
  hasPartnership,
  PartnershipEndActions,
  PartnershipEndNotice,
} from '../src/features/admin/partners/partner-page/partnership-end';
import { EndPartnershipCard } from '../src/features/partner/end-partnership-card';
import { anAdminSession } from './fixtures';
import { renderInRouter } from './render';
import { ProcedureError, serveTrpc } from './trpc-server';

const admin = () => ({
  session: anAdminSession(['referrals:read', 'referrals:write', 'partners:read', 'partners:approve']),
});

const deal = {
  id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b3c',
  clientCompanyName: 'Acme Bakery',
  stage: 'qualified',
  qualifiesBy: '2026-12-30',
  extensionDays: 360,
  qualifying: null,
  qualificationReason: null,
  contractStartDate: null,
  contractEndDate: null,
  churnDate: null,
} satisfies Partial<Referral>;

const partner = { id: '5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a', companyName: 'Northwind Growth', status: 'active' };

const ending = (overrides: Partial<AdminPartnershipEnd> = {}): AdminPartnershipEnd => ({
  status: 'active',
  noticeDays: 30,
  noticeEffectiveDate: '2099-12-31',
  termination: null,
  unpaidFees: { count: 2, amount: '100.00' },
  feesForfeitedAt: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

/**
 * Opens `item` of the deal card's "Deal actions" menu, the server answering with `server` (and an empty
 * pipeline column when the board refreshes); answers the fake API and the dialog the item opens, named `dialog`.
 */
async function openDealAction(options: {
  deal: Parameters<typeof DealActions>[0]['deal'];
  item: string;
  dialog?: string;
  server: Record<string, (input: unknown) => unknown>;
}) {
  const api = serveTrpc({
    ...options.server,
    'admin.pipelineColumn': () => ({ items: [], total: 0, nextCursor: null }),
  });
  renderInRouter(<DealActions deal={options.deal} />, admin());
  await userEvent.click(await screen.findByRole('button', { name: 'Deal actions for Acme Bakery' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: options.item }));
  return { api, dialog: await screen.findByRole('dialog', { name: options.dialog ?? options.item }) };
}

const FORFEITED_AT = '2026-11-20T10:00:00.000Z';

/**
 * Opens "Forfeit fees" on the partner page, the server forfeiting with `forfeit`'s answer; after it no fee is
 * left unpaid, whatever it answers.
 */
async function openForfeit(forfeit: () => unknown, before: Partial<AdminPartnershipEnd> = {}) {
  let state = ending(before);
  const api = serveTrpc({
    'admin.partnershipEnd': () => state,
    'admin.forfeitPartnerFees': () => {
      state = ending({ unpaidFees: { count: 0, amount: '0.00' }, feesForfeitedAt: FORFEITED_AT });
      return forfeit();
    },
  });
  renderInRouter(<PartnershipEndActions partner={partner} />, admin());
  await userEvent.click(await screen.findByRole('button', { name: 'Forfeit fees' }));
  return { api, dialog: await screen.findByRole('dialog', { name: 'Forfeit unpaid and future fees' }) };
}

describe("a deal card's qualification actions", () => {
  it("extends the window, showing the server's limit on the days field, then says so", async () => {
    const limit = PROGRAM_TERMS_MESSAGES.extensionLimit(365, 360);
    const { api, dialog } = await openDealAction({
      deal,
      item: 'Extend window',
      dialog: 'Extend the qualification window',
      server: {
        'admin.extendReferralWindow': (input: unknown) => {
          const { days } = input as { days: number };
          if (days > 5) throw new ProcedureError(422, 'UNPROCESSABLE_CONTENT', limit);
          return { ...deal, qualifiesBy: '2027-01-04', extensionDays: 365 };
        },
      },
    });
    const days = within(dialog).getByLabelText(/Days to add/);
    await userEvent.clear(days);
    await userEvent.type(days, '6');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Board meets in January');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend window' }));
    expect(await within(dialog).findByText(limit)).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(days);
    await userEvent.type(days, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend window' }));
    expect(await screen.findByText('Acme Bakery may now sign until Jan 4, 2027 to qualify.')).toBeTruthy();
    expect(api.inputs('admin.extendReferralWindow').at(-1)).toEqual({
      id: deal.id,
      days: 5,
      reason: 'Board meets in January',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('overrides the qualification of a won client with a reason', async () => {
    const won = { ...deal, stage: 'won' as const, qualifying: false, qualificationReason: 'annual sales not recorded' };
    const { api, dialog } = await openDealAction({
      deal: won,
      item: 'Override qualification',
      server: { 'admin.overrideQualification': (input: unknown) => ({ ...won, ...(input as object) }) },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    expect(await within(dialog).findByText(PROGRAM_TERMS_MESSAGES.reasonRequired)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Sales confirmed by the audited accounts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    expect(await screen.findByText(/Acme Bakery is a qualifying client; the partner is told by mail\./)).toBeTruthy();
    expect(api.inputs('admin.overrideQualification')[0]).toEqual({
      id: deal.id,
      qualifying: true,
      reason: 'Sales confirmed by the audited accounts',
    });
  });
});

describe("a won client's contract and churn dates", () => {
  const won = { ...deal, stage: 'won' as const, contractStartDate: '2026-06-01', contractEndDate: '2027-05-31' };

  /** Opens the won client's "Contract and churn dates", the server saving with `updateReferral`. */
  const openContract = (updateReferral: (input: unknown) => unknown) =>
    openDealAction({ deal: won, item: 'Contract and churn dates', server: { 'admin.updateReferral': updateReferral } });

  /** The server's saving: the won client with the sent dates. */
  const saved = (input: unknown) => ({ ...won, ...(input as object) });

  it('warns of the months a churn date voids, sends only the changed dates, then says so', async () => {
    const { api, dialog } = await openContract(saved);
    const save = within(dialog).getByRole('button', { name: 'Save contract' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).queryByTestId('voids-from')).toBeNull();

    await userEvent.type(within(dialog).getByLabelText('Churn date'), '2026-10-15');
    expect(within(dialog).getByTestId('voids-from').textContent).toContain(
      'Pending fees for November 2026 and later months will be voided',
    );
    await userEvent.click(save);
    expect(await screen.findByText('The contract dates of Acme Bakery are saved.')).toBeTruthy();
    expect(api.inputs('admin.updateReferral')[0]).toEqual({
      id: deal.id,
      churnDate: '2026-10-15',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('clears an emptied date and warns of nothing when the fees stop later', async () => {
    const { api, dialog } = await openContract(saved);
    await userEvent.clear(within(dialog).getByLabelText('Contract end'));
    expect(within(dialog).queryByTestId('voids-from')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save contract' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.inputs('admin.updateReferral')[0]).toEqual({
      id: deal.id,
      contractEndDate: null,
    });
  });

  it("shows the server's date rule on the contract end field", async () => {
    const { dialog } = await openContract(() => {
      throw new ProcedureError(400, 'BAD_REQUEST', REFERRAL_MESSAGES.contractEndBeforeStart);
    });
    const end = within(dialog).getByLabelText('Contract end');
    await userEvent.clear(end);
    await userEvent.type(end, '2026-05-01');
    expect(within(dialog).getByTestId('voids-from').textContent).toContain('Pending fees for June 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save contract' }));
    expect(await within(dialog).findByText(REFERRAL_MESSAGES.contractEndBeforeStart)).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');
  });
});

describe("the admin partner page's ending actions", () => {
  it('ends the partnership on the notice day by default, shows errors on the field, then the scheduled end', async () => {
    let state = ending();
    const api = serveTrpc({
      'admin.partnershipEnd': () => state,
      'admin.terminatePartner': (input: unknown) => {
        const { effectiveDate, givenBy, reason } = input as { effectiveDate: string; givenBy: 'firm'; reason: string };
        if (effectiveDate < '2026-01-01')
          throw new ProcedureError(400, 'BAD_REQUEST', ENDING_MESSAGES.effectiveBeforeToday);
        state = ending({ termination: { givenBy, reason, effectiveDate } });
        return { partnerId: partner.id, givenBy, reason, effectiveDate, status: 'active' };
      },
    });
    renderInRouter(
      <>
        <PartnershipEndNotice partnerId={partner.id} />
        <PartnershipEndActions partner={partner} />
      </>,
      admin(),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'End partnership' }));
    const dialog = await screen.findByRole('dialog', { name: 'End partnership' });
    const date = within(dialog).getByLabelText(/Effective date/);
    expect((date as HTMLInputElement).value).toBe('2099-12-31');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Program closing');
    await userEvent.clear(date);
    await userEvent.type(date, '2020-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End partnership' }));
    expect(await within(dialog).findByText(ENDING_MESSAGES.effectiveBeforeToday)).toBeTruthy();

    await userEvent.clear(date);
    await userEvent.type(date, '2099-12-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End partnership' }));
    expect(await screen.findByText("Northwind Growth's partnership ends on Dec 31, 2099.")).toBeTruthy();
    const notice = await screen.findByTestId('partnership-end');
    expect(notice.textContent).toContain('The firm gave notice: the partnership ends on Dec 31, 2099.');
    expect(api.calls.find((call) => call.path === 'admin.terminatePartner' && call.input)?.input).toMatchObject({
      givenBy: 'firm',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'End partnership' })).toBeNull());
  });

  it('forfeits the unpaid fees after naming their count and total, and the future fees with them', async () => {
    const { api, dialog } = await openForfeit(() => ({
      partnerId: partner.id,
      voided: 2,
      amount: '100.00',
      feesForfeitedAt: FORFEITED_AT,
    }));
    expect(within(dialog).getByTestId('forfeit-summary').textContent).toContain(
      'This voids 2 unpaid fees of Northwind Growth, $100.00 in all (section 5 of the agreement, non-solicitation), and forfeits its future fees: from now on no client payment earns it a fee.',
    );
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Solicited a client of the firm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forfeit $100.00' }));
    expect(await screen.findByText(/2 unpaid fees of \$100\.00 voided and the future fees forfeited/)).toBeTruthy();
    expect(api.inputs('admin.forfeitPartnerFees')[0]).toEqual({
      id: partner.id,
      reason: 'Solicited a client of the firm',
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Forfeit fees' }).hasAttribute('disabled')).toBe(true),
    );
  });

  it('shows the server’s words when the fees were forfeited meanwhile, and then offers nothing to forfeit', async () => {
    const { dialog } = await openForfeit(() => {
      throw new ProcedureError(409, 'CONFLICT', ENDING_MESSAGES.alreadyForfeited(FORFEITED_AT));
    });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Solicited a client of the firm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forfeit $100.00' }));
    expect(await screen.findByText(ENDING_MESSAGES.alreadyForfeited(FORFEITED_AT))).toBeTruthy();
  });

  it('names on the partner page the day the fees were forfeited', async () => {
    serveTrpc({ 'admin.partnershipEnd': () => ending({ feesForfeitedAt: FORFEITED_AT }) });
    renderInRouter(<PartnershipEndNotice partnerId={partner.id} />, admin());
    const notice = await screen.findByTestId('fees-forfeited');
    expect(notice.textContent).toContain('On Nov 20, 2026 the partner forfeited its unpaid and future fees');
    expect(screen.queryByTestId('partnership-end')).toBeNull();
  });

  it('forfeits the future fees of a partner with none unpaid, and says when fees already were', async () => {
    const { dialog } = await openForfeit(
      () => ({ partnerId: partner.id, voided: 0, amount: '0.00', feesForfeitedAt: FORFEITED_AT }),
      { unpaidFees: { count: 0, amount: '0.00' } },
    );
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Solicited a client of the firm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forfeit future fees' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Forfeit fees' }).getAttribute('title')).toBe(
        'Fees forfeited; none is unpaid',
      ),
    );
  });
});

describe("an applicant's page", () => {
  it.each([
    ['pending', false],
    ['rejected', false],
    ['active', true],
    ['suspended', true],
    ['inactive', true],
  ] as const)('a %s partner has a partnership (money, statements, lists, Forfeit fees): %s', (status, expected) => {
    expect(hasPartnership(status)).toBe(expected);
  });

  it('offers Forfeit fees to a partner whose partnership ended, while fees are unpaid', async () => {
    serveTrpc({ 'admin.partnershipEnd': () => ending({ status: 'inactive' }) });
    renderInRouter(<PartnershipEndActions partner={{ ...partner, status: 'inactive' }} />, admin());
    expect((await screen.findByRole('button', { name: 'Forfeit fees' })).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('button', { name: 'End partnership' })).toBeNull();
  });
});

describe('withdrawing a notice', () => {
  it("lets the admin withdraw either party's notice after confirming; the page no longer shows the end", async () => {
    let state = ending({ termination: { givenBy: 'partner', reason: 'Retiring', effectiveDate: '2099-12-31' } });
    const api = serveTrpc({
      'admin.partnershipEnd': () => state,
      'admin.withdrawNotice': () => {
        state = ending();
        return state;
      },
    });
    renderInRouter(
      <>
        <PartnershipEndNotice partnerId={partner.id} />
        <PartnershipEndActions partner={partner} />
      </>,
      admin(),
    );
    expect(screen.queryByRole('button', { name: 'End partnership' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw notice' });
    expect(dialog.textContent).toContain("Northwind Growth's partnership will not end on Dec 31, 2099");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw notice' }));
    expect(await screen.findByText("Northwind Growth's partnership continues; they are told by mail.")).toBeTruthy();
    expect(api.inputs('admin.withdrawNotice')[0]).toEqual({ id: partner.id });
    await waitFor(() => expect(screen.queryByTestId('partnership-end')).toBeNull());
    expect(await screen.findByRole('button', { name: 'End partnership' })).toBeTruthy();
  });

  it("lets a partner withdraw its own notice, but offers nothing against the firm's", async () => {
    const ownNotice: PartnershipEnd = {
      status: 'active',
      noticeDays: 30,
      noticeEffectiveDate: '2026-12-26',
      termination: { givenBy: 'partner', reason: 'Leaving', effectiveDate: '2026-12-26' },
    };
    let state = ownNotice;
    const api = serveTrpc({
      'partner.partnershipEnd': () => state,
      'partner.me': () => ({}),
      'partner.withdrawNotice': () => {
        state = { ...ownNotice, termination: null };
        return state;
      },
    });
    const { unmount } = renderInRouter(<EndPartnershipCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw notice' });
    expect(dialog.textContent).toContain('Your partnership will not end on Dec 26, 2026: it continues as before.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw notice' }));
    expect(await screen.findByText('Your partnership continues.')).toBeTruthy();
    expect(api.inputs('partner.withdrawNotice')).not.toEqual([]);
    expect(await screen.findByRole('button', { name: 'End partnership' })).toBeTruthy();
    unmount();

    state = { ...ownNotice, termination: { givenBy: 'firm', reason: 'Program closing', effectiveDate: '2026-12-26' } };
    renderInRouter(<EndPartnershipCard />);
    const shown = await screen.findByTestId('partnership-end');
    expect(shown.textContent).toContain('The firm gave notice: your partnership ends on Dec 26, 2026.');
    expect(screen.queryByRole('button', { name: 'Withdraw notice' })).toBeNull();
  });
});

describe("the partner's own notice", () => {
  it('gives notice with a reason and shows the scheduled end afterwards', async () => {
    let state: PartnershipEnd = {
      status: 'active',
      noticeDays: 30,
      noticeEffectiveDate: '2026-12-26',
      termination: null,
    };
    const api = serveTrpc({
      'partner.partnershipEnd': () => state,
      'partner.me': () => ({}),
      'partner.giveNotice': (input: unknown) => {
        const { reason } = input as { reason: string };
        state = { ...state, termination: { givenBy: 'partner', reason, effectiveDate: '2026-12-26' } };
        return { partnerId: partner.id, givenBy: 'partner', reason, effectiveDate: '2026-12-26', status: 'active' };
      },
    });
    renderInRouter(<EndPartnershipCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'End partnership' }));
    const dialog = await screen.findByRole('dialog', { name: 'End partnership' });
    expect(dialog.textContent).toContain('Your notice takes effect after 30 days, on Dec 26, 2026.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give notice' }));
    expect(await within(dialog).findByText(PROGRAM_TERMS_MESSAGES.reasonRequired)).toBeTruthy();
    expect(api.inputs('partner.giveNotice')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Closing the agency');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give notice' }));
    expect(await screen.findByText('Your partnership ends on Dec 26, 2026.')).toBeTruthy();
    const shown = await screen.findByTestId('partnership-end');
    expect(shown.textContent).toContain('You gave notice: your partnership ends on Dec 26, 2026.');
    expect(screen.queryByRole('button', { name: 'End partnership' })).toBeNull();
  });
});
