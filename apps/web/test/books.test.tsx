// The books' screens: the Commissions tab groups paid lines under their payout (and the failed lines
// of a payout that came back under it, marked Returned) and pages on the server with month and status
// filters; the Tax information card saves the W-9 facts and shows the TIN only masked.

import type { CommissionLine, CommissionsPage, PartnerPayout, TaxProfile } from '@portal/contracts';
import { formatMonthKey, monthKey, W9_CERTIFICATION_TEXT } from '@portal/contracts/plain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommissionsTab, groupByPayout, monthsBetween, partnerMonths } from '../src/features/partner/commissions-tab';
import { TaxInformationCard } from '../src/features/partner/tax-information-card';
import { renderInRouter, renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';
import { aCommission, aPage, aPartnerProfile } from './fixtures';

/** The machine is shared: give a render up to ten seconds. */
const SLOW = { timeout: 10_000 };

/** The text input a label names (a Select's label also names its option list). */
function inputLabelled(label: string | RegExp): HTMLElement {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${String(label)}`);
  return input;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const PAYOUT_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const line = (id: number, change: Partial<CommissionLine>): CommissionLine => ({
  ...aCommission({
    id: `11111111-1111-4111-8111-${String(id).padStart(12, '0')}`,
    clientCompanyName: `Client ${id}`,
    monthYear: '2026-02',
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
  }),
  payoutId: null,
  ...change,
});
const paid = (id: number, month: string) =>
  line(id, {
    monthYear: month,
    status: 'paid',
    payoutId: PAYOUT_A,
    paymentDate: '2026-03-05T12:00:00.000Z',
    paymentMethod: 'Wire',
    paymentReference: 'PO-20260305-ABCDEF',
  });
const payoutA: PartnerPayout = {
  id: PAYOUT_A,
  reference: 'PO-20260305-ABCDEF',
  paidAt: '2026-03-05T12:00:00.000Z',
  method: 'Wire',
  amount: '100.00',
  commissionCount: 2,
  status: 'confirmed',
  returnCode: null,
  returnReason: null,
  resolvedAt: '2026-03-06T12:00:00.000Z',
};

const PAYOUT_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
/** A payout whose ACH credit came back with R02: its lines are failed and keep the payout. */
const payoutB: PartnerPayout = {
  id: PAYOUT_B,
  reference: 'PO-20260405-RETURN',
  paidAt: '2026-04-05T12:00:00.000Z',
  method: 'ACH',
  amount: '75.00',
  commissionCount: 2,
  status: 'returned',
  returnCode: 'R02',
  returnReason: 'R02 Account closed',
  resolvedAt: '2026-04-08T15:00:00.000Z',
};
const returned = (id: number, month: string) =>
  line(id, {
    monthYear: month,
    status: 'failed',
    payoutId: PAYOUT_B,
    paymentDate: '2026-04-05T12:00:00.000Z',
    paymentMethod: 'ACH',
    paymentReference: 'PO-20260405-RETURN',
    failureReason: 'Returned: R02 Account closed',
  });

/** The partner's one page of commission lines, with the payouts they were paid in. */
const commissionsPage = (items: CommissionLine[], payouts: PartnerPayout[] = []): CommissionsPage => ({
  ...aPage(items),
  payouts,
});

describe('groupByPayout', () => {
  it('puts paid lines of one payout together, in page order, and leaves the others alone', () => {
    const groups = groupByPayout(
      [line(1, { monthYear: '2026-03' }), paid(2, '2026-02'), line(3, { status: 'failed' }), paid(4, '2026-01')],
      [payoutA],
    );
    expect(
      groups.map((group) =>
        group.kind === 'single'
          ? group.line.clientCompanyName
          : `payout ${group.lines.map((l) => l.clientCompanyName).join('+')}`,
      ),
    ).toEqual(['Client 1', 'payout Client 2+Client 4', 'Client 3']);
  });

  it('puts the failed lines of a payout that came back under that payout', () => {
    const groups = groupByPayout(
      [returned(5, '2026-03'), paid(2, '2026-02'), returned(6, '2026-03')],
      [payoutA, payoutB],
    );
    expect(
      groups.map((group) => (group.kind === 'payout' ? [group.payout?.reference, group.lines.length] : [])),
    ).toEqual([
      ['PO-20260405-RETURN', 2],
      ['PO-20260305-ABCDEF', 1],
    ]);
  });
});

/** A partner in the program since January 2025, with many closed months. */
const SINCE_2025 = aPartnerProfile({
  status: 'active',
  applicationDate: '2025-01-10T15:00:00.000Z',
  approvedAt: '2025-01-14T15:00:00.000Z',
  createdAt: '2025-01-10T15:00:00.000Z',
});

describe('the months a partner may pick', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  const values = (options: Array<{ value: string }>) => options.map((option) => option.value);

  it('offers statements from the month the partner applied to the latest closed month, newest first', () => {
    const months = partnerMonths(
      {
        applicationDate: '2026-05-14T09:00:00.000Z',
        approvedAt: '2026-05-20T09:00:00.000Z',
        createdAt: '2026-05-14T09:00:00.000Z',
      },
      now,
    );
    expect(values(months.statements)).toEqual(['2026-10', '2026-09', '2026-08', '2026-07', '2026-06', '2026-05']);
    expect(months.statements[0]?.label).toBe('October 2026');
  });

  it('filters commissions from the first month to the current one, where an adjustment made today lands', () => {
    const months = partnerMonths(
      { applicationDate: '2026-09-02T09:00:00.000Z', approvedAt: null, createdAt: '2026-09-02T09:00:00.000Z' },
      now,
    );
    expect(values(months.commissions)).toEqual(['2026-11', '2026-10', '2026-09']);
  });

  it('starts at the earliest of application, approval and account (an admin-created partner has no application)', () => {
    const months = partnerMonths(
      { applicationDate: null, approvedAt: '2026-08-31T23:00:00.000Z', createdAt: '2026-07-15T09:00:00.000Z' },
      now,
    );
    expect(months.first).toBe('2026-07');
  });

  it('starts at the month of an earlier fee: a client added with a contract from before the account', () => {
    const months = partnerMonths(
      {
        applicationDate: null,
        approvedAt: '2026-11-27T10:00:00.000Z',
        createdAt: '2026-11-27T08:00:00.000Z',
        firstFeeMonth: '2026-10',
      },
      now,
    );
    expect(values(months.statements)).toEqual(['2026-10']);
  });

  it('offers no statement month to a partner approved this month', () => {
    const months = partnerMonths(
      {
        applicationDate: '2026-11-27T08:00:00.000Z',
        approvedAt: '2026-11-27T10:00:00.000Z',
        createdAt: '2026-11-27T08:00:00.000Z',
      },
      now,
    );
    expect(months.statements).toEqual([]);
    expect(values(months.commissions)).toEqual(['2026-11']);
  });

  it('runs across a year end', () => {
    expect(values(monthsBetween('2025-11', '2026-02'))).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
  });
});

describe('Commissions tab', () => {
  it('says when the first statement is ready instead of offering a month before the partner joined', async () => {
    serveTrpc({ 'partner.commissionsPage': () => commissionsPage([]) });
    const today = new Date().toISOString();
    renderWithProviders(
      <CommissionsTab
        partner={aPartnerProfile({ status: 'active', applicationDate: today, approvedAt: today, createdAt: today })}
      />,
    );
    const month = formatMonthKey(monthKey(new Date()));
    expect((await screen.findByTestId('no-statement-yet')).textContent).toBe(
      `No statement yet: your first one is ready once ${month} ends.`,
    );
    expect(screen.queryByRole('button', { name: 'PDF' })).toBeNull();
    expect(screen.queryByLabelText('Statement month')).toBeNull();
  });

  it('chooses the latest closed month for the statement', async () => {
    serveTrpc({ 'partner.commissionsPage': () => commissionsPage([]) });
    renderWithProviders(<CommissionsTab partner={SINCE_2025} />);
    const now = new Date();
    const lastMonth = monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    expect(await screen.findByDisplayValue(formatMonthKey(lastMonth), {}, SLOW)).toBeTruthy();
    // The card says a statement is a ledger of its month, which a closed month never changes.
    expect(screen.getByTestId('statement-rule').textContent).toContain(
      'A month’s statement stays the same once the month is over.',
    );
  });

  it('groups paid lines under their payout with reference, date and amount', async () => {
    const page = commissionsPage(
      [line(1, { monthYear: '2026-03' }), paid(2, '2026-02'), paid(4, '2026-01')],
      [payoutA],
    );
    serveTrpc({ 'partner.commissionsPage': () => page });
    renderWithProviders(<CommissionsTab partner={SINCE_2025} />);
    const group = await screen.findByTestId('payout-group', {}, SLOW);
    expect(within(group).getByTestId('payout-reference').textContent).toBe('PO-20260305-ABCDEF');
    expect(within(group).getByTestId('payout-amount').textContent).toBe('$100.00');
    expect(within(group).getByText(/Mar 5, 2026 · Wire Transfer · 2 commissions/)).toBeTruthy();
    expect(within(group).getAllByTestId('commission-card')).toHaveLength(2);
    expect(screen.getAllByTestId('commission-card')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'PDF' })).toBeTruthy();
  });

  it('marks a payout that came back Returned, with the day and reason, and says its fees are still owed', async () => {
    const page = commissionsPage(
      [returned(5, '2026-03'), returned(6, '2026-03'), paid(2, '2026-02')],
      [payoutB, payoutA],
    );
    serveTrpc({ 'partner.commissionsPage': () => page });
    renderInRouter(<CommissionsTab partner={SINCE_2025} />);
    const [back, arrived] = await screen.findAllByTestId('payout-group', {}, SLOW);
    expect(within(back!).getByTestId('payout-reference').textContent).toBe('PO-20260405-RETURN');
    expect(within(back!).getByTestId('payout-status').textContent).toBe('Returned');
    expect(within(back!).getByTestId('payout-amount').textContent).toBe('$75.00');
    const notice = within(back!).getByTestId('payout-returned');
    expect(within(notice).getByText('Returned on Apr 8, 2026')).toBeTruthy();
    expect(within(notice).getByTestId('payout-return-reason').textContent).toBe('Reason: R02 Account closed');
    expect(notice.textContent).toContain(
      'The fees in this payout are still owed: they are paid again with a later payout once your payment details are fixed.',
    );
    expect(within(notice).getByRole('link', { name: 'Check your payment details' })).toBeTruthy();
    // The payout says why once: its failed lines do not repeat the reason or the link.
    const cards = within(back!).getAllByTestId('commission-card');
    expect(cards.map((card) => within(card).getByTestId('commission-status').textContent)).toEqual([
      'Failed',
      'Failed',
    ]);
    expect(within(back!).queryByText(/Failure reason/)).toBeNull();
    expect(within(back!).getAllByRole('link', { name: 'Check your payment details' })).toHaveLength(1);
    // A payout that arrived carries no status badge or notice.
    expect(within(arrived!).queryByTestId('payout-status')).toBeNull();
    expect(within(arrived!).queryByTestId('payout-returned')).toBeNull();
  });

  it('asks the server for the chosen status and pages', async () => {
    const items = Array.from({ length: 20 }, (_, i) => line(i + 1, {}));
    const api = serveTrpc({
      'partner.commissionsPage': (input) => ({
        items,
        total: 45,
        limit: 20,
        offset: (input as { offset: number }).offset,
        payouts: [],
      }),
    });
    renderWithProviders(<CommissionsTab partner={SINCE_2025} />);
    expect(await screen.findByText('45 commissions', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.calls.at(-1)?.input).toMatchObject({ offset: 20, limit: 20 }), SLOW);
    fireEvent.click(inputLabelled('Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed', hidden: true }, SLOW));
    await waitFor(() => expect(api.calls.at(-1)?.input).toMatchObject({ status: 'failed', offset: 0 }), SLOW);
  });

  it('says when no commission matches the filters', async () => {
    serveTrpc({
      'partner.commissionsPage': (input) => ({
        ...commissionsPage((input as { status?: string }).status ? [] : [line(1, {})]),
        total: 1,
      }),
    });
    renderWithProviders(<CommissionsTab partner={SINCE_2025} />);
    await screen.findByTestId('commission-card', {}, SLOW);
    fireEvent.click(inputLabelled('Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Paid', hidden: true }, SLOW));
    expect(await screen.findByText('No commissions match these filters.', {}, SLOW)).toBeTruthy();
  });
});

/** An individual's W-9 as the API answers it once saved: the TIN masked to its last four digits. */
const TAX_PROFILE: TaxProfile = {
  legalName: 'Ada Ledger',
  businessName: null,
  taxClassification: 'individual',
  tinType: 'ssn',
  tinMasked: '•••-••-6789',
  address: '1 Main St, Springfield, IL',
  certifiedAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-10T12:00:00.000Z',
};

describe('Tax information card', () => {
  it('shows the W-9 certification, refuses an unticked certification and a short TIN, and saves', async () => {
    let saved: TaxProfile | null = null;
    const api = serveTrpc({
      'partner.taxProfile': () => saved,
      'partner.saveTaxProfile': () => {
        saved = TAX_PROFILE;
        return saved;
      },
    });
    renderWithProviders(<TaxInformationCard />);
    expect((await screen.findByTestId('w9-certification', {}, SLOW)).textContent).toBe(W9_CERTIFICATION_TEXT);
    fireEvent.change(screen.getByLabelText(/Legal name/), { target: { value: 'Ada Ledger' } });
    fireEvent.click(inputLabelled(/Tax classification/));
    fireEvent.click(await screen.findByRole('option', { name: 'Individual', hidden: true }, SLOW));
    fireEvent.click(inputLabelled(/TIN type/));
    fireEvent.click(await screen.findByRole('option', { name: 'SSN (Social Security number)', hidden: true }, SLOW));
    fireEvent.change(screen.getByLabelText(/Taxpayer identification number/), { target: { value: '123-45-678' } });
    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: '1 Main St, Springfield, IL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tax information' }));
    expect(
      await screen.findByText('The TIN must be 9 digits (dashes allowed, e.g. 12-3456789)', {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByText('You must certify the W-9 statement to save your tax information')).toBeTruthy();
    expect(api.inputs('partner.saveTaxProfile')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Taxpayer identification number/), { target: { value: '123-45-6789' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /I certify/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save tax information' }));
    expect(await screen.findByText('•••-••-6789', {}, SLOW)).toBeTruthy();
    expect(api.inputs('partner.saveTaxProfile')[0]).toEqual({
      legalName: 'Ada Ledger',
      taxClassification: 'individual',
      tinType: 'ssn',
      tin: '123456789',
      address: '1 Main St, Springfield, IL',
      certified: true,
    });
    expect(screen.queryByText(/123-45-6789|123456789/)).toBeNull();
  });

  it('asks for the current password to replace tax information on file, and sends it with the form', async () => {
    let current = TAX_PROFILE;
    const api = serveTrpc({
      'partner.taxProfile': () => current,
      'partner.saveTaxProfile': () => (current = { ...TAX_PROFILE, tinMasked: '•••-••-4321' }),
    });
    renderWithProviders(<TaxInformationCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, SLOW));
    fireEvent.change(screen.getByLabelText(/Taxpayer identification number/), { target: { value: '987-65-4321' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /I certify/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save tax information' }));
    expect(await screen.findByText('Current password is required', {}, SLOW)).toBeTruthy();
    expect(api.inputs('partner.saveTaxProfile')).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'my-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tax information' }));
    expect(await screen.findByText('•••-••-4321', {}, SLOW)).toBeTruthy();
    expect(api.inputs('partner.saveTaxProfile')[0]).toMatchObject({
      tin: '987654321',
      currentPassword: 'my-password-1',
    });
  });
});
