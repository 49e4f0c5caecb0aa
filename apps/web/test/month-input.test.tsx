// Month fields read as months ("November 2026") or their placeholder, never the browser's
// "--------- ----"; the adjustment's amount field has no example that could pass for a value.

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MonthInput } from '../src/components/month-input';
import { AdjustmentForm } from '../src/features/admin/payouts/adjustment-dialog';
import { renderWithProviders } from './render';

describe('the month field', () => {
  it('shows its placeholder while empty and the month by name once chosen', () => {
    const onChange = vi.fn();
    const { unmount } = renderWithProviders(
      <MonthInput label="Payout month" placeholder="Any month" value="" onChange={onChange} />,
    );
    const field = screen.getByLabelText('Payout month');
    expect(field.textContent).toBe('Any month');
    expect(document.querySelector('input[type="month"]')).toBeNull();
    unmount();
    renderWithProviders(
      <MonthInput label="Payout month" placeholder="Any month" value="2026-11" onChange={onChange} />,
    );
    expect(screen.getByLabelText('Payout month').textContent).toBe('November 2026');
  });

  it('answers the picked month as YYYY-MM', async () => {
    const onChange = vi.fn();
    renderWithProviders(<MonthInput label="Month" value="2026-11" onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('Month'));
    fireEvent.click(await screen.findByRole('button', { name: /Oct/ }));
    expect(onChange).toHaveBeenCalledWith('2026-10');
  });
});

describe('the adjustment form', () => {
  it('offers no example amount that reads like a value, and names the month it is for', () => {
    renderWithProviders(
      <AdjustmentForm
        initialPartner={null}
        now={new Date('2026-11-26T10:00:00Z')}
        onSubmit={() => {}}
        onCancel={() => {}}
        submitting={false}
      />,
    );
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect(amount.getAttribute('placeholder') ?? '').not.toMatch(/\d/);
    expect(within(document.body).getByLabelText(/For month/).textContent).toBe('November 2026');
  });
});
