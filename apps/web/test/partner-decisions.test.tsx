// The four partner decisions announce themselves from one table: the spec's toast on success, the
// server's message (or the screen's fallback) on failure, and the admin lists refresh either way.

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePartnerDecisions } from '../src/features/admin/partners/use-partner-decisions';
import { renderWithProviders } from './render';
import { ProcedureError, serveTrpc } from './trpc-server';

const partner = { id: '5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a', companyName: 'Northwind Growth' };

function Decisions() {
  const decisions = usePartnerDecisions();
  return (
    <>
      <button onClick={() => void decisions.approve(partner.id)}>approve</button>
      <button onClick={() => void decisions.reject(partner.id, '  ')}>reject</button>
      <button onClick={() => void decisions.suspend(partner.id, '')}>suspend</button>
      <button onClick={() => void decisions.reactivate(partner.id)}>reactivate</button>
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('partner decisions', () => {
  it.each([
    ['approve', 'admin.approvePartner', 'Partner approved!', 'Northwind Growth has been approved and activated.'],
    ['reject', 'admin.rejectPartner', 'Partner rejected', "Northwind Growth's application has been rejected."],
    [
      'suspend',
      'admin.suspendPartner',
      'Partner suspended',
      'Northwind Growth can no longer use the partner dashboard.',
    ],
    ['reactivate', 'admin.reactivatePartner', 'Partner reactivated', 'Northwind Growth is active again.'],
  ])('%s: sends the decision and says so', async (button, path, title, text) => {
    const api = serveTrpc({ [path]: () => partner });
    renderWithProviders(<Decisions />);
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(api.calls[0]).toEqual({ path, input: { id: partner.id } });
  });

  it('shows the server’s message when a decision is refused', async () => {
    serveTrpc({
      'admin.suspendPartner': () => {
        throw new ProcedureError(409, 'CONFLICT', 'Only an active partner can be suspended.');
      },
    });
    renderWithProviders(<Decisions />);
    fireEvent.click(screen.getByRole('button', { name: 'suspend' }));
    expect(await screen.findByText('Suspension failed')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Only an active partner can be suspended.')).toBeTruthy());
  });
});
