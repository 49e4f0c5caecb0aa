import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CommissionReasonDialog,
  pendingDetail,
  pendingLabel,
} from '../src/features/admin/payouts/commission-reason-dialog';
import { aPendingCommission } from './fixtures';
import { atPhoneWidth, renderWithProviders } from './render';

const item = aPendingCommission();

function renderDialog(onSubmit = vi.fn(), explanation?: string) {
  renderWithProviders(
    <CommissionReasonDialog
      item={item}
      onClose={() => {}}
      title="Void commission"
      submitLabel="Void commission"
      reasonRequired="A reason is required to void a commission"
      explanation={explanation}
      pending={false}
      onSubmit={onSubmit}
    />,
  );
  return within(screen.getByRole('dialog', { name: 'Void commission' }));
}

describe('the reason dialog of Mark failed and Void', () => {
  it('names the commission: partner, client, month and amount', () => {
    const dialog = renderDialog(
      vi.fn(),
      'A voided commission is never paid and counts in no total. The partner is told why.',
    );
    expect(dialog.getByText('Northwind Advisors · Alpha Store · October 2026 · $250.00')).toBeTruthy();
    expect(
      dialog.getByText('A voided commission is never paid and counts in no total. The partner is told why.'),
    ).toBeTruthy();
  });

  it('refuses an empty reason with its message and sends nothing', () => {
    const onSubmit = vi.fn();
    const dialog = renderDialog(onSubmit);
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Void commission' }));
    expect(dialog.getByText('A reason is required to void a commission')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the commission id and the reason', () => {
    const onSubmit = vi.fn();
    const dialog = renderDialog(onSubmit);
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Duplicate entry' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Void commission' }));
    expect(onSubmit).toHaveBeenCalledWith({ id: item.id, reason: 'Duplicate entry' });
  });

  it('paints its button a red dark enough for its white words to keep AA contrast in the light scheme', () => {
    const dialog = renderDialog(vi.fn());
    // Mantine's default filled red (red.6) under white 14 px text is 3.3:1; red.9 is 5.6:1.
    expect(dialog.getByRole('button', { name: 'Void commission' }).style.getPropertyValue('--button-bg')).toBe(
      'var(--mantine-color-red-9)',
    );
  });

  it('fills the screen at phone width, as every dialog with a reason to type does', async () => {
    atPhoneWidth();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Void commission' });
    await waitFor(() => expect(dialog.closest('[data-full-screen]')).not.toBeNull());
  });

  it('labels an adjustment without a client by its kind', () => {
    expect(pendingLabel({ clientCompanyName: null, kind: 'clawback' })).toBe('Clawback');
    expect(pendingDetail({ ...item, clientCompanyName: null, kind: 'bonus' })).toBe('Bonus, October 2026');
    expect(pendingDetail(null)).toBeUndefined();
  });
});
