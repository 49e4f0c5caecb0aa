import type { PartnerDetails } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerDetailsDialog } from '../src/features/admin/partners/partner-details-dialog';
import { renderInRouter } from './render';
import { aPartnerDetails } from './fixtures';
import { serveTrpc } from './trpc-server';

const ID = '5f0c8a8e-8f2e-4c59-9d4b-000000000001';
const applicant = aPartnerDetails({ id: ID });

afterEach(() => vi.unstubAllGlobals());

async function openDetails(partner: PartnerDetails, handlers: Record<string, (input: unknown) => unknown> = {}) {
  const api = serveTrpc({ 'admin.partner': () => partner, ...handlers });
  const onClose = vi.fn();
  renderInRouter(<PartnerDetailsDialog partnerId={partner.id} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Partner Application Details' });
  await within(dialog).findByText('maya@northwind.example');
  return { api, onClose, dialog: within(dialog) };
}

describe('the Application Details dialog', () => {
  it('approves a pending application after asking, and shows no statements for an applicant', async () => {
    const { api, onClose, dialog } = await openDetails(applicant, {
      'admin.approvePartner': () => ({ ...applicant, status: 'active' }),
    });
    expect(dialog.queryByRole('heading', { name: 'Statements' })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Approve Northwind Growth' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve application' });
    expect(confirm.textContent).toContain('Maya Lin gets the approval email at once');
    expect(api.inputs('admin.approvePartner')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve partner' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.inputs('admin.approvePartner')).toEqual([{ id: ID }]);
  });

  it('promises no approval email when the server sends no mail', async () => {
    const { dialog } = await openDetails(applicant, { 'admin.mailDelivery': () => ({ delivering: false }) });
    await userEvent.click(dialog.getByRole('button', { name: 'Approve Northwind Growth' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve application' });
    await waitFor(() =>
      expect(confirm.textContent).toContain(
        'Maya Lin can sign in to refer clients at once, but gets no approval email. This server sends no mail (SMTP_URL is not set): tell them yourself.',
      ),
    );
    expect(confirm.textContent).not.toContain('gets the approval email at once');
  });

  it('rejects a pending application with the reason given', async () => {
    const { api, onClose, dialog } = await openDetails(applicant, {
      'admin.rejectPartner': () => ({ ...applicant, status: 'rejected' }),
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Reject Northwind Growth' }));
    const reject = within(await screen.findByRole('dialog', { name: 'Reject application' }));
    await userEvent.type(reject.getByLabelText('Reason (optional)'), 'Outside our market');
    await userEvent.click(reject.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.inputs('admin.rejectPartner')).toEqual([{ id: ID, reason: 'Outside our market' }]);
  });

  it('offers no decision for an active partner and shows their statements', async () => {
    const { dialog } = await openDetails({ ...applicant, status: 'active', approvedAt: '2026-03-04T10:00:00.000Z' });
    expect(dialog.getByRole('heading', { name: 'Statements' })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Approve Northwind Growth' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Reject Northwind Growth' })).toBeNull();
  });
});
