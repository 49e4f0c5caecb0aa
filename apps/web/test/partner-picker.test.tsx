// The partner picker asks the server as the admin types: any partner can be found, not only the
// first page by name.

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerPicker } from '../src/features/admin/partners/partner-picker';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';
import { anAdminPartnerRow, aPage } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const partner = (n: number) =>
  anAdminPartnerRow({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `p${n}@example.com`,
    companyName: `Scale Partner ${String(n).padStart(5, '0')}`,
    contactName: 'Pat',
    referralCode: `SP-${n}`,
  });

describe('PartnerPicker', () => {
  it('writes its placeholder ("All partners") in the dimmed colour, readable like the filters beside it', () => {
    serveTrpc({ 'admin.partners': () => aPage([]) });
    renderWithProviders(<PartnerPicker label="Partner" placeholder="All partners" value={null} onChange={vi.fn()} />);
    const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'Partner' });
    expect(box.style.getPropertyValue('--input-placeholder-color')).toBe('var(--mantine-color-dimmed)');
  });

  it('searches the server with what the admin types and picks a partner far down the list', async () => {
    const all = Array.from({ length: 10_000 }, (_, i) => partner(i + 1));
    const api = serveTrpc({
      'admin.partners': (input) => {
        const { search, limit } = input as { search?: string; limit: number };
        const matches = search ? all.filter((p) => p.companyName.toLowerCase().includes(search.toLowerCase())) : all;
        return { items: matches.slice(0, limit), total: matches.length, limit, offset: 0 };
      },
    });
    const onChange = vi.fn();
    renderWithProviders(<PartnerPicker label="Affiliate" value={null} onChange={onChange} status="active" />);
    const box = screen.getByRole('combobox', { name: 'Affiliate' });
    await waitFor(() => expect(screen.getByText('Type to search 10,000 partners')).toBeTruthy());

    await userEvent.type(box, '09000');
    await waitFor(() =>
      expect(api.calls.some((call) => (call.input as { search?: string }).search === '09000')).toBe(true),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Scale Partner 09000', hidden: true }));
    expect(onChange).toHaveBeenCalledWith(partner(9000).id, {
      id: partner(9000).id,
      companyName: partner(9000).companyName,
    });
    const searches = api.calls
      .filter((call) => call.path === 'admin.partners')
      .map((call) => call.input as { search?: string; status?: string });
    expect(searches.at(-1)).toMatchObject({ search: '09000', status: 'active' });
    // Debounced: not one request per key.
    expect(searches.filter((input) => input.search).length).toBeLessThan(5);
  });
});
