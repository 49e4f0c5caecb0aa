// Record payment: each opening starts empty, the Partner and Client fields always agree, the amount
// follows the chosen client's monthly value until the admin types one, and the toast says when the
// Payout Processor offers the fee earned and when it is due.

import { addDays, type RecordClientPaymentResult } from '@portal/contracts';
import { formatDate, todayIsoDate } from '@portal/contracts/plain';
import { screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordPaymentDialog } from '../src/features/admin/payouts/client-payments-panel';
import { anAdminSession, aPage } from './fixtures';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

type Dialog = BoundFunctions<typeof queries>;

afterEach(() => vi.unstubAllGlobals());

const partner = {
  id: '22222222-2222-4222-8222-222222222222',
  companyName: 'Northwind Advisors',
  status: 'active',
};
const clients = [
  { id: '33333333-3333-4333-8333-333333333331', clientCompanyName: 'Alpha Store', monthlyValue: '500.00' },
  { id: '33333333-3333-4333-8333-333333333332', clientCompanyName: 'Beta Shop', monthlyValue: '800.00' },
];

function Screen() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open record payment
      </button>
      <RecordPaymentDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

type Recorded = Pick<RecordClientPaymentResult, 'offeredOn' | 'reason'> & {
  commission: { amount: string; dueBy: string } | null;
};

/**
 * The screen as an admin who records payments sees it, the server answering a payment with `recorded`;
 * answers the fake API.
 */
function renderScreen(recorded: Recorded = { commission: null, reason: 'no fee for this month' }) {
  const api = serveTrpc({
    'admin.partners': () => aPage([partner]),
    'admin.referrals': () => aPage(clients, 100),
    'admin.recordClientPayment': () => recorded,
  });
  renderWithProviders(<Screen />, { session: anAdminSession(['commissions:write']) });
  return api;
}

/** Records a payment of Alpha Store; answers the toast's message. */
async function recordAlphaStore(): Promise<string | null | undefined> {
  const dialog = await open();
  await chooseAlphaStore(dialog);
  await userEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
  return (await screen.findByText(/^It earned a fee of/)).textContent;
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Open record payment' }));
  return within(await screen.findByRole('dialog', { name: 'Record a client payment' }));
}

async function choose(dialog: Dialog, field: string, option: string) {
  await userEvent.click(dialog.getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** Chooses the partner Northwind Advisors, then its client Alpha Store. */
async function chooseAlphaStore(dialog: Dialog) {
  await choose(dialog, 'Partner', 'Northwind Advisors');
  await choose(dialog, 'Client', 'Alpha Store');
}

async function expectEmpty(dialog: Dialog) {
  expect(dialog.getByRole<HTMLInputElement>('combobox', { name: 'Partner' }).value).toBe('');
  expect(dialog.getByRole<HTMLInputElement>('combobox', { name: 'Client' }).value).toBe('');
  expect(dialog.getByRole<HTMLInputElement>('combobox', { name: 'Client' }).disabled).toBe(true);
  expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Amount' }).value).toBe('');
  expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Reference' }).value).toBe('');
}

describe('Record payment', () => {
  it('opens empty again after Cancel, with no client left chosen under an empty Partner field', async () => {
    renderScreen();
    let dialog = await open();
    await chooseAlphaStore(dialog);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reference' }), 'INV-7');
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Amount' }).value).toBe('500.00');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await open();
    await expectEmpty(dialog);
  });

  it('opens empty after a payment is recorded, and prefills the amount from the client chosen then', async () => {
    const api = renderScreen();
    let dialog = await open();
    await chooseAlphaStore(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.inputs('admin.recordClientPayment')[0]).toMatchObject({
      id: clients[0]!.id,
      amount: '500.00',
    });

    dialog = await open();
    await expectEmpty(dialog);
    await choose(dialog, 'Partner', 'Northwind Advisors');
    await choose(dialog, 'Client', 'Beta Shop');
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Amount' }).value).toBe('800.00');
  });

  it('follows the chosen client with the amount until the admin types one', async () => {
    renderScreen();
    const dialog = await open();
    await chooseAlphaStore(dialog);
    await choose(dialog, 'Client', 'Beta Shop');
    const amount = dialog.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    expect(amount.value).toBe('800.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '750');
    await choose(dialog, 'Client', 'Alpha Store');
    expect(amount.value).toBe('750');
  });

  it('says a fee paid by the client today is offered now, and when it is due', async () => {
    const today = todayIsoDate();
    const dueBy = addDays(today, 30);
    renderScreen({ commission: { amount: '50.00', dueBy }, offeredOn: today });
    expect(await recordAlphaStore()).toBe(
      `It earned a fee of $50.00. The Payout Processor offers it now; it is due by ${formatDate(dueBy)}.`,
    );
  });

  it('names the day the fee is offered when the hold keeps it back', async () => {
    const today = todayIsoDate();
    const offeredOn = addDays(today, 5);
    const dueBy = addDays(today, 30);
    renderScreen({ commission: { amount: '50.00', dueBy }, offeredOn });
    expect(await recordAlphaStore()).toBe(
      `It earned a fee of $50.00. The Payout Processor offers it from ${formatDate(offeredOn)}, after the hold; it is due by ${formatDate(dueBy)}.`,
    );
  });
});
