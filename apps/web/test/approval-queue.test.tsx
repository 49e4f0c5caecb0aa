import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerApprovalQueue, QUEUE_BATCH } from '../src/features/admin/partners/partner-approval-queue';
import { renderInRouter } from './render';
import { serveTrpc } from './trpc-server';
import { anAdminPartnerRow } from './fixtures';

const applicant = (n: number) =>
  anAdminPartnerRow({
    id: `5f0c8a8e-8f2e-4c59-9d4b-${String(n).padStart(12, '0')}`,
    email: `applicant${n}@example.com`,
    companyName: `Applicant ${n}`,
    contactName: `Contact ${n}`,
    companyType: 'marketing_agency',
    status: 'pending',
    referralCode: `APPL-${n}`,
    applicationDate: '2026-03-02T10:00:00.000Z',
    createdAt: '2026-03-02T10:00:00.000Z',
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Partner Approval Queue with hundreds waiting', () => {
  it('counts every application, draws them in batches oldest first and shows more on demand', async () => {
    const waiting = Array.from({ length: 45 }, (_, index) => applicant(index + 1));
    serveTrpc({ 'admin.pendingPartners': () => waiting });
    renderInRouter(<PartnerApprovalQueue onViewDetails={vi.fn()} />);

    await waitFor(() => expect(screen.getAllByTestId('approval-row')).toHaveLength(QUEUE_BATCH));
    expect(screen.getByTestId('approval-count').textContent).toBe('45');
    expect(screen.getByText('Applicant 1')).toBeTruthy();
    expect(screen.queryByText('Applicant 21')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show 20 more of 25 waiting' }));
    expect(screen.getAllByTestId('approval-row')).toHaveLength(40);
    await userEvent.click(screen.getByRole('button', { name: 'Show 5 more of 5 waiting' }));
    expect(screen.getAllByTestId('approval-row')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: /more of/ })).toBeNull();
  });
});

describe('approving from the queue', () => {
  it('asks before approving, approves on confirm, and Cancel approves nothing', async () => {
    const api = serveTrpc({
      'admin.pendingPartners': () => [applicant(1)],
      'admin.approvePartner': () => ({ ...applicant(1), status: 'active' }),
    });
    renderInRouter(<PartnerApprovalQueue onViewDetails={vi.fn()} />);
    const approve = await screen.findByRole('button', { name: 'Approve Applicant 1' });

    await userEvent.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'Approve application' });
    expect(dialog.textContent).toContain('Contact 1 gets the approval email at once');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve application' })).toBeNull());
    expect(api.inputs('admin.approvePartner')).toEqual([]);

    await userEvent.click(approve);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve partner' }));
    await waitFor(() => expect(api.inputs('admin.approvePartner')).toEqual([{ id: applicant(1).id }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve application' })).toBeNull());
  });
});
