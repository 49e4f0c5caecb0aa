import type { Commission, PendingCommission } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AccrualForm,
  AccrualPanel,
  accrualMonthError,
  accrualSummary,
} from '../src/features/admin/payouts/accrual-panel';
import { fileNameOf } from '../src/lib/rest';
import { toAdjustmentPayload } from '../src/features/admin/payouts/adjustment-dialog';
import { PendingPayoutTable, processLabel, selectedTotal } from '../src/features/admin/payouts/pending-payout-table';
import { CommissionCard, CommissionList } from '../src/features/partner/commissions-tab';
import { aCommission, aPendingCommission } from './fixtures';
import { renderInRouter, renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

const base = aCommission({
  id: '11111111-1111-4111-8111-111111111111',
  clientCompanyName: 'Acme Goods',
  amount: '100.00',
  status: 'paid',
  paymentDate: '2026-11-05T12:00:00.000Z',
  paymentMethod: 'Wire',
  paymentReference: 'PO-20261105-7K2Q9X',
  updatedAt: '2026-11-05T12:00:00.000Z',
});

/** A commission that was never paid out has no payment date, method or reference. */
const UNPAID = { paymentDate: null, paymentMethod: null, paymentReference: null } as const;

/** The card inside a router (its failed state links to the Settings tab), once it has rendered. */
async function renderCard(fields: Partial<Commission>) {
  renderInRouter(<CommissionCard commission={{ ...base, ...fields }} />);
  await screen.findByTestId('commission-card');
}

describe('Commissions tab', () => {
  it('shows the empty-state text verbatim', () => {
    renderWithProviders(<CommissionList commissions={[]} />);
    expect(screen.getByText('No commissions yet. Start referring clients to earn your first commission!')).toBeTruthy();
  });

  it('shows amount, month and year, status, paid date, reference and method of a paid commission', async () => {
    await renderCard({});
    expect(screen.getByText('$100.00')).toBeTruthy();
    expect(screen.getByText(/October 2026/)).toBeTruthy();
    expect(screen.getByTestId('commission-status').textContent).toBe('Paid');
    expect(screen.getByText('Paid Date')).toBeTruthy();
    expect(screen.getByText('Nov 5, 2026')).toBeTruthy();
    expect(screen.getByText('PO-20261105-7K2Q9X')).toBeTruthy();
    expect(screen.getByText('Wire Transfer')).toBeTruthy();
  });

  it('shows the kind and reason of a clawback, and the reason of a void', async () => {
    await renderCard({
      kind: 'clawback',
      amount: '-25.00',
      referralId: null,
      clientCompanyName: null,
      status: 'pending',
      reason: 'Client refunded',
    });
    expect(screen.getByText('-$25.00')).toBeTruthy();
    expect(screen.getByText(/October 2026 · Clawback/)).toBeTruthy();
    expect(screen.getByTestId('commission-reason').textContent).toBe('Clawback reason: Client refunded');
  });

  it('marks a pending fee past its due day as overdue, and only such a fee', async () => {
    await renderCard({ ...UNPAID, status: 'pending', dueBy: '2020-01-31', clientPaidAt: '2020-01-01' });
    expect(screen.getByTestId('commission-overdue').textContent).toBe('Overdue');
  });

  it('does not mark a fee due later as overdue', async () => {
    await renderCard({ ...UNPAID, status: 'pending', dueBy: '2999-01-31', clientPaidAt: '2999-01-01' });
    expect(screen.queryByTestId('commission-overdue')).toBeNull();
  });

  it('does not mark a paid fee as overdue, whenever it was due', async () => {
    await renderCard({ status: 'paid', dueBy: '2020-01-31', clientPaidAt: '2020-01-01' });
    expect(screen.getByTestId('commission-status').textContent).toBe('Paid');
    expect(screen.queryByTestId('commission-overdue')).toBeNull();
  });

  it('shows a voided commission with its reason', async () => {
    await renderCard({ ...UNPAID, status: 'voided', voidedAt: '2026-11-05T12:00:00.000Z', voidReason: 'Duplicate' });
    expect(screen.getByTestId('commission-status').textContent).toBe('Voided');
    expect(screen.getByText('Voided: Duplicate')).toBeTruthy();
  });

  it('shows the failure reason of a failed commission and leads to the Payment method card in Settings', async () => {
    await renderCard({ ...UNPAID, status: 'failed', failureReason: 'Account closed' });
    expect(screen.getByTestId('commission-status').textContent).toBe('Failed');
    expect(screen.getByText('Failure reason: Account closed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check your payment details' }).getAttribute('href')).toBe(
      '/dashboard?tab=settings#payment-method',
    );
    expect(screen.queryByText('Reference')).toBeNull();
  });
});

const pending = (id: string, amount: string, client: string) =>
  aPendingCommission({ id, amount, clientCompanyName: client });
const rows = [
  pending('a1111111-1111-4111-8111-111111111111', '0.10', 'Alpha Store'),
  pending('b1111111-1111-4111-8111-111111111111', '0.20', 'Beta Shop'),
  pending('c1111111-1111-4111-8111-111111111111', '100.00', 'Gamma Goods'),
];
/** A clawback of $0.25 with its reason, against the partner rather than a client. */
const claw = aPendingCommission({
  id: 'd1111111-1111-4111-8111-111111111111',
  amount: '-0.25',
  kind: 'clawback',
  reason: 'Refund',
  clientCompanyName: null,
  referralId: null,
});

function Harness({
  onProcess,
  onMarkFailed = () => {},
}: {
  onProcess: (ids: string[]) => void;
  onMarkFailed?: (item: PendingCommission) => void;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <PendingPayoutTable
      items={rows}
      selected={selected}
      onChange={setSelected}
      onProcess={onProcess}
      onMarkFailed={onMarkFailed}
      processing={false}
    />
  );
}

describe('Payout Processor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sums the selection in cents, not floats', () => {
    expect(selectedTotal(rows, new Set([rows[0]!.id, rows[1]!.id]))).toBe('0.30');
    expect(processLabel(1)).toBe('Process 1 Payouts');
    expect(processLabel(3)).toBe('Process 3 Payouts');
  });

  it('selects all, shows the total selected and processes the chosen commissions', () => {
    const onProcess = vi.fn();
    renderWithProviders(<Harness onProcess={onProcess} />);
    const process = () => screen.getByRole<HTMLButtonElement>('button', { name: /Process \d+ Payouts?/ });
    expect(process().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByTestId('payout-total').textContent).toBe('$100.30');
    expect(process().textContent).toBe('Process 3 Payouts');
    fireEvent.click(screen.getByLabelText('Select Gamma Goods October 2026'));
    expect(screen.getByTestId('payout-total').textContent).toBe('$0.30');
    fireEvent.click(process());
    expect(onProcess).toHaveBeenCalledWith([rows[0]!.id, rows[1]!.id]);
    fireEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByTestId('payout-total').textContent).toBe('$100.30');
    fireEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByTestId('payout-total').textContent).toBe('$0.00');
  });

  it('signs the amount of an adjustment by its kind', () => {
    const values = { partnerId: rows[0]!.partnerId, amount: '75.50', reason: 'Refund', month: '2026-10' };
    expect(toAdjustmentPayload({ ...values, kind: 'clawback' })).toEqual({ ...values, amount: '-75.50' });
    expect(toAdjustmentPayload({ ...values, kind: 'bonus', amount: '-75.50' })).toEqual({ ...values, amount: '75.50' });
  });

  it('shows a clawback with its badge, reason and negative amount, netting the total selected', () => {
    function WithClawback() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <PendingPayoutTable
          items={[rows[0]!, claw]}
          selected={selected}
          onChange={setSelected}
          onProcess={vi.fn()}
          onMarkFailed={vi.fn()}
          onVoid={vi.fn()}
          processing={false}
        />
      );
    }
    renderWithProviders(<WithClawback />);
    expect(screen.getAllByTestId('kind-badge')[0]?.textContent).toBe('Clawback');
    // The reason under the client on a table, and under the partner on a card (one of them is shown).
    expect(screen.getAllByText('Refund')).toHaveLength(2);
    fireEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByTestId('payout-total').textContent).toBe('-$0.15');
    expect(screen.getByRole('button', { name: 'Void: Clawback October 2026' })).toBeTruthy();
    // Nothing is paid out for a clawback, so it cannot fail: only the recurring line offers Mark failed.
    expect(screen.queryByRole('button', { name: 'Mark failed: Clawback October 2026' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark failed: Alpha Store October 2026' })).toBeTruthy();
  });

  it('lays a row out on a card as the checkbox, the partner with its details and amount, and the named actions at its foot', () => {
    // jsdom has no container queries: this reads the cells' card places, which the stylesheet lays out.
    renderWithProviders(
      <PendingPayoutTable
        items={[rows[0]!, claw]}
        selected={new Set()}
        onChange={vi.fn()}
        onProcess={vi.fn()}
        onMarkFailed={vi.fn()}
        onVoid={vi.fn()}
        processing={false}
      />,
    );
    const onCard = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .filter((cell) => cell.dataset.card !== 'hidden');
    // Above the cards the select-all box stands alone: it says what it does in words (shown on cards only).
    const selectAll = screen.getByText('Select all');
    expect(selectAll.closest('label')?.control).toBe(screen.getByRole('checkbox', { name: 'Select all' }));
    // On one line, though its table column is a checkbox wide.
    expect(selectAll.style.whiteSpace).toBe('nowrap');
    const [recurring, clawback] = screen.getAllByTestId('payout-row');
    expect(onCard(recurring!).map((cell) => cell.dataset.card)).toEqual(['select', 'title', 'aside', 'actions']);
    expect(within(recurring!).getByTestId('payout-row-details').textContent).toBe('Alpha Store · Oct 2026');
    expect(within(clawback!).getByTestId('payout-row-details').textContent).toBe('Clawback · Oct 2026');
    const [, title, amountCell, actionsCell] = onCard(clawback!);
    expect(within(title!).getByText('Refund')).toBeTruthy();
    expect(within(amountCell!).getByText('-$0.25')).toBeTruthy();
    // A clawback has only Void, at the end like every row's.
    const actions = within(actionsCell!).getByTestId('payout-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Void: Clawback October 2026']);
    // A card's action says what it does in words, not by its icon alone.
    expect(within(actions).getByRole('button').textContent).toBe('Void');
    expect(getComputedStyle(actions).getPropertyValue('--group-justify')).toBe('flex-end');
  });

  it("names a card's due date, which no column header names there", () => {
    renderWithProviders(
      <PendingPayoutTable
        items={[{ ...rows[0]!, dueBy: '2026-12-03' }]}
        selected={new Set()}
        onChange={vi.fn()}
        onProcess={vi.fn()}
        onMarkFailed={vi.fn()}
        processing={false}
      />,
    );
    expect(screen.getByTestId('payout-row-details').textContent).toContain('Due Dec 3, 2026');
  });

  it('offers Mark failed per row', () => {
    const onMarkFailed = vi.fn();
    renderWithProviders(<Harness onProcess={vi.fn()} onMarkFailed={onMarkFailed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mark failed: Beta Shop October 2026' }));
    expect(onMarkFailed).toHaveBeenCalledWith(rows[1]);
  });
});

describe('Accrual panel', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  afterEach(() => vi.unstubAllGlobals());

  it('defaults to the month just ended and runs the accrual for it', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<AccrualForm onSubmit={onSubmit} submitting={false} result={null} now={now} />);
    expect(screen.getByLabelText('Month').textContent).toBe('October 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Run accrual' }));
    expect(onSubmit).toHaveBeenCalledWith('2026-10');
  });

  it('offers no month that has not started', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<AccrualForm onSubmit={onSubmit} submitting={false} result={null} now={now} />);
    fireEvent.click(screen.getByLabelText('Month'));
    const month = async (name: string) => (await screen.findByText(name)).closest('button');
    expect((await month('Dec'))?.hasAttribute('disabled')).toBe(true);
    expect((await month('Nov'))?.hasAttribute('disabled')).toBe(false);
    expect(accrualMonthError('2026-12', now)).toBe('Commissions cannot be accrued for a month that has not started');
    expect(accrualMonthError('2026-11', now)).toBeNull();
    expect(accrualMonthError('', now)).toBe('Month must be in the form YYYY-MM');
  });

  it('shows created and skipped', () => {
    renderWithProviders(
      <AccrualForm
        onSubmit={vi.fn()}
        submitting={false}
        result={{ month: '2026-10', created: 2, skipped: 5 }}
        now={now}
      />,
    );
    expect(screen.getByTestId('accrual-result').textContent).toBe(
      'October 2026: 2 commissions created, 5 skipped (already accrued)',
    );
    expect(accrualSummary({ month: '2026-10', created: 1, skipped: 0 })).toContain('1 commission created');
  });

  it('runs once for a double click, the button busy from the first click until the answer', async () => {
    let answer!: (outcome: unknown) => void;
    const api = serveTrpc({ 'admin.accrue': () => new Promise((resolve) => (answer = resolve)) });
    renderWithProviders(<AccrualPanel />);
    const run = screen.getByRole('button', { name: 'Run accrual' });
    fireEvent.click(run);
    expect(run.getAttribute('data-loading')).toBe('true');
    fireEvent.click(run);
    await waitFor(() => expect(api.inputs('admin.accrue')).toHaveLength(1));
    answer({ month: '2026-10', created: 2, skipped: 5 });
    await waitFor(() => expect(run.getAttribute('data-loading')).toBeNull());
    expect(api.inputs('admin.accrue')).toHaveLength(1);
  });
});

describe('Export Data', () => {
  it('takes the file name from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="partners-2026-11-22.csv"', 'x.csv')).toBe('partners-2026-11-22.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
