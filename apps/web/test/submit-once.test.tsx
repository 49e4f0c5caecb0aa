// A create runs once however often it is submitted while in flight, and carries an Idempotency-Key.

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewReferralDialog } from '../src/features/partner/new-referral-dialog';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

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
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'partner.createReferral')).toHaveLength(1));
    expect(button.getAttribute('data-loading')).toBe('true');
    const key = api.calls.find((c) => c.path === 'partner.createReferral')?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    answer.resolve(referral);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
    expect(api.calls.filter((c) => c.path === 'partner.createReferral')).toHaveLength(1);
  });
});
