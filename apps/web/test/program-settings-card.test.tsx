// Program settings: a value out of a field's range is refused with its message, never quietly changed
// into another value and saved.

import { PROGRAM_SETTINGS_MESSAGES } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgramSettingsCard } from '../src/features/admin/payouts/program-settings-card';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

describe('the program settings card', () => {
  it('refuses payout day 31 on its field and saves nothing, instead of saving day 28', async () => {
    const api = serveTrpc({
      'admin.programSettings': () => ({
        feeBasis: 'clientPayment',
        minimumPayout: '50.00',
        payoutHoldDays: 0,
        payoutDay: 1,
        supportEmail: null,
        updatedAt: '2026-11-01T00:00:00.000Z',
        updatedBy: null,
      }),
      'admin.updateProgramSettings': (input) => input,
    });
    renderWithProviders(<ProgramSettingsCard canChange />);
    const day = await screen.findByLabelText('Payout day of the month');
    await waitFor(() => expect((day as HTMLInputElement).value).toBe('1'));
    await userEvent.clear(day);
    await userEvent.type(day, '31');
    fireEvent.blur(day);
    expect((day as HTMLInputElement).value).toBe('31');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(PROGRAM_SETTINGS_MESSAGES.payoutDay)).toBeTruthy();
    expect(api.inputs('admin.updateProgramSettings')).toEqual([]);
  });
});
