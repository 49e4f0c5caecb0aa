// The 1099-NEC dialog opens on the latest year with payouts, and says so when nobody reached the
// threshold instead of saving a file with a header line only.

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultTaxYear, Form1099Dialog } from '../src/features/admin/dashboard/export-menu';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';
import { aPage } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const payout = (paidAt: string) => ({
  id: '00000000-0000-4000-8000-000000000001',
  reference: 'PAY-1',
  total: '150.00',
  commissionCount: 2,
  partnerCount: 1,
  paidAt,
  sentAt: null,
  methods: [],
  returnedCount: 0,
  returnedTotal: '0.00',
});

/** The API: the newest payout over tRPC, the report's CSV with its partner count and threshold. */
function serve(partnerCount: number, paidAt = new Date().toISOString()) {
  serveTrpc({ 'admin.payouts': () => aPage([payout(paidAt)], 1) });
  const trpcFetch = globalThis.fetch;
  const files: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.includes('/api/admin/exports/1099-nec/')) return trpcFetch(input, init);
    files.push(url);
    return new Response('payee,amount\n', {
      status: 200,
      headers: { 'content-type': 'text/csv', 'x-partner-count': String(partnerCount), 'x-threshold': '2000.00' },
    });
  });
  return files;
}

describe('the 1099-NEC dialog', () => {
  it('defaults to the year of the latest payout, else this year', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(defaultTaxYear('2026-11-02T09:00:00Z', now)).toBe('2026');
    expect(defaultTaxYear('2025-06-30T09:00:00Z', now)).toBe('2025');
    expect(defaultTaxYear(undefined, now)).toBe('2026');
    expect(defaultTaxYear('2012-01-01T00:00:00Z', now)).toBe('2026');
  });

  it('opens on the year payouts were made this year', async () => {
    serve(1);
    renderWithProviders(<Form1099Dialog opened onClose={() => {}} />);
    const year = String(new Date().getUTCFullYear());
    await waitFor(() => expect((screen.getAllByLabelText('Tax year')[0] as HTMLInputElement).value).toBe(year));
  });

  it('says nobody reached the threshold and saves no file when the report is empty', async () => {
    const files = serve(0);
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} }));
    const onClose = vi.fn();
    renderWithProviders(<Form1099Dialog opened onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    const message = await screen.findByTestId('form-1099-empty');
    expect(message.textContent).toMatch(
      /^No partner was paid \$2,000\.00 or more in \d{4}, so there is nothing to report/,
    );
    expect(files).toHaveLength(1);
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
