// Add adjustment: the amount is entered without a sign (Bonus or Clawback gives it), and the toast after a
// clawback names the amount taken back, without a sign.

import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADJUSTMENT_SIGN_MESSAGE, AdjustmentDialog } from '../src/features/admin/payouts/adjustment-dialog';
import { anAdminSession } from './fixtures';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

const partner = { id: '22222222-2222-4222-8222-222222222222', companyName: 'Northwind Advisors' };

describe('Add adjustment', () => {
  it('tells a clawback by the positive amount it takes back', async () => {
    const api = serveTrpc({
      'admin.partners': () => ({ items: [], total: 0 }),
      'admin.addAdjustment': (input) => ({ ...(input as object), kind: 'clawback', amount: '-200.00' }),
    });
    renderWithProviders(<AdjustmentDialog opened onClose={() => {}} partner={partner} />, {
      session: anAdminSession(['commissions:write']),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Add adjustment' }));
    fireEvent.click(dialog.getByText('Clawback (takes back)'));
    fireEvent.change(dialog.getByRole('textbox', { name: /Amount/ }), { target: { value: '200' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Client refunded' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add clawback' }));

    expect(await screen.findByText('Clawback of $200.00 is pending.')).toBeTruthy();
    expect(api.inputs('admin.addAdjustment')[0]).toMatchObject({ amount: '-200' });
  });

  it('refuses a signed amount on its field instead of turning it around, and sends nothing', async () => {
    const api = serveTrpc({ 'admin.partners': () => ({ items: [], total: 0 }) });
    renderWithProviders(<AdjustmentDialog opened onClose={() => {}} partner={partner} />, {
      session: anAdminSession(['commissions:write']),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Add adjustment' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Amount/ }), { target: { value: '-75' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Late fee' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add bonus' }));
    expect(await dialog.findByText(ADJUSTMENT_SIGN_MESSAGE)).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /Amount/ }), { target: { value: '12.345' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add bonus' }));
    expect(
      await dialog.findByText('The amount must be a number above 0 with at most two decimals, e.g. 250.00'),
    ).toBeTruthy();
    expect(api.inputs('admin.addAdjustment')).toEqual([]);
  });
});
