// A create runs once however often it is submitted while in flight, and carries an Idempotency-Key.

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewReferralDialog } from '../src/features/partner/new-referral-dialog';
import { renderWithProviders } from './render';
import { deferred, ProcedureError, serveTrpc } from './trpc-server';
import { CreatePartnerDialog } from '../src/features/admin/partners/create-partner-dialog';
import { RejectPartnerDialog } from '../src/features/admin/partners/reason-decision-dialog';
import { MaterialForm } from '../src/features/admin/materials/material-form';
import { CreateWebhookForm } from '../src/features/admin/integrations/webhooks-card';
import { MATERIAL_TYPES, MESSAGES } from '@portal/contracts/plain';

afterEach(() => vi.unstubAllGlobals());

const referral = {
  id: '00000000-0000-4000-8000-000000000001',
  partnerId: '00000000-0000-4000-8000-000000000002',
  clientCompanyName: 'Nimbus Pet Supply',
};

describe('Create Referral', () => {
  it('creates one referral for a double click, with an Idempotency-Key, and shows the button busy', async () => {
    const answer = deferred<unknown>();
    const api = serveTrpc({
      'partner.createReferral': () => answer.promise,
      'partner.referrals': () => [],
      'partner.referralsPage': () => ({ items: [], total: 0, nextCursor: null }),
      'partner.metrics': () => ({}),
    });
    renderWithProviders(<NewReferralDialog opened onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText(/Client Company Name/), 'Nimbus Pet Supply');
    await userEvent.type(screen.getByLabelText(/Monthly Value/), '2500');
    const button = screen.getByRole('button', { name: 'Create Referral' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await waitFor(() => expect(api.inputs('partner.createReferral')).toHaveLength(1));
    expect(button.getAttribute('data-loading')).toBe('true');
    const key = api.calls.find((c) => c.path === 'partner.createReferral')?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    answer.resolve(referral);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
    expect(api.inputs('partner.createReferral')).toHaveLength(1);
  });
});

describe('Create Partner', () => {
  it('shows a duplicate email on the Email field, clears it once the email changes, and runs once per submit', async () => {
    const api = serveTrpc({
      'admin.createPartner': () => new ProcedureError(409, 'CONFLICT', MESSAGES.emailTaken),
    });
    renderWithProviders(<CreatePartnerDialog opened onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText(/^Email/), 'taken@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), '12345678');
    await userEvent.type(screen.getByLabelText(/^Company Name/), 'Acme');
    await userEvent.type(screen.getByLabelText(/^Contact Name/), 'Pat');
    const button = screen.getByRole('button', { name: 'Create Partner' });
    fireEvent.click(button);
    fireEvent.click(button);
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(
        email
          .getAttribute('aria-describedby')
          ?.split(' ')
          .find((id) => id.includes('error')) ?? '',
      )?.textContent,
    ).toBe(MESSAGES.emailTaken);
    expect(api.inputs('admin.createPartner')).toHaveLength(1);
    await userEvent.type(email, 'x');
    expect(email.getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('Add webhook', () => {
  it('shows the refused URL on the URL field and drops it once the URL is edited', async () => {
    serveTrpc({
      'admin.createWebhook': () => new ProcedureError(400, 'BAD_REQUEST', 'The address must be public'),
    });
    renderWithProviders(<CreateWebhookForm onCreated={() => {}} onCancel={() => {}} />);
    const url = screen.getByLabelText(/^URL/);
    await userEvent.type(url, 'https://intranet.example.com/hook');
    await userEvent.click(screen.getByLabelText('referral.created'));
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('The address must be public').length).toBeGreaterThan(0);
    await userEvent.type(url, 'x');
    expect(url.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('retries a failed add with the same Idempotency-Key, so a lost answer still shows its one secret', async () => {
    let attempts = 0;
    const api = serveTrpc({
      'admin.createWebhook': () =>
        ++attempts === 1
          ? new ProcedureError(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Please try again.')
          : {
              id: '00000000-0000-4000-8000-000000000003',
              url: 'https://tools.example.com/hook',
              events: ['referral.created'],
              description: null,
              enabled: true,
              createdAt: '2026-11-27T10:00:00.000Z',
              secret: 'whsec_retried',
            },
      'admin.webhooks': () => [],
    });
    const onCreated = vi.fn();
    renderWithProviders(<CreateWebhookForm onCreated={onCreated} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText(/^URL/), 'https://tools.example.com/hook');
    await userEvent.click(screen.getByLabelText('referral.created'));
    const button = screen.getByRole('button', { name: 'Add webhook' });
    fireEvent.click(button);
    await waitFor(() => expect(attempts).toBe(1));
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
    fireEvent.click(button);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('whsec_retried'));
    const keys = api.calls.filter((c) => c.path === 'admin.createWebhook').map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('every submit runs once while in flight', () => {
  it('sends one rejection for a double click on Reject', async () => {
    const answer = deferred<void>();
    const onConfirm = vi.fn(() => answer.promise);
    renderWithProviders(
      <RejectPartnerDialog
        partner={{ id: 'p1', companyName: 'Nimbus Pet Supply' }}
        onClose={() => {}}
        onConfirm={onConfirm}
        submitting={false}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Reject' });
    fireEvent.click(button);
    fireEvent.click(button);
    answer.resolve();
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('saves a material once for a double submit', async () => {
    const answer = deferred<void>();
    const onSubmit = vi.fn(() => answer.promise);
    renderWithProviders(
      <MaterialForm
        mode="edit"
        submitLabel="Add Material"
        initial={{
          source: 'link',
          title: 'One-pager',
          description: '',
          type: MATERIAL_TYPES[0],
          fileUrl: 'https://files.example.com/a.pdf',
        }}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    const button = screen.getByRole('button', { name: 'Add Material' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    answer.resolve();
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
