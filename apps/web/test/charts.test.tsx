import type { EarningsByMonth, ProgramTrends } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgramCharts } from '../src/features/admin/dashboard/program-charts';
import { withMoneyWritten } from '../src/features/admin/dashboard/trend-charts';
import { stageLabelsSlant } from '../src/features/partner/earnings-charts';
import { PartnerCharts } from '../src/features/partner/earnings-panels';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const MONTHS = ['2025-12', '2026-01', '2026-02'];

const earnings: EarningsByMonth = {
  months: [
    { month: '2025-12', paid: '1250.50', pending: '0.00' },
    { month: '2026-01', paid: '0.00', pending: '0.00' },
    { month: '2026-02', paid: '100.00', pending: '50.25' },
  ],
  referralsByStage: [
    { stage: 'booked', count: 3 },
    { stage: 'qualified', count: 0 },
    { stage: 'proposal', count: 1 },
    { stage: 'won', count: 2 },
    { stage: 'lost', count: 0 },
  ],
};

const trends: ProgramTrends = {
  months: [
    { month: '2025-12', commissionsPaid: '300.00', newReferrals: 4, dealsWon: 1, referralMrr: '4200.00' },
    { month: '2026-01', commissionsPaid: '0.00', newReferrals: 0, dealsWon: 0, referralMrr: '4200.00' },
    { month: '2026-02', commissionsPaid: '12.34', newReferrals: 7, dealsWon: 2, referralMrr: '5999.99' },
  ],
};

/** The cells of each body row of the figure's table, once "Show as table" is switched on. */
async function tableOf(name: string): Promise<string[][]> {
  const figure = await screen.findByRole('figure', { name });
  fireEvent.click(await within(figure).findByRole('switch', { name: 'Show as table' }));
  const table = await within(figure).findByRole('table', { name: `${name} table` });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('partner charts', () => {
  it('asks for twelve months and shows the same numbers as tables', async () => {
    const api = serveTrpc({ 'partner.earningsByMonth': () => earnings });
    renderWithProviders(<PartnerCharts />);
    expect(await tableOf('Earnings by month')).toEqual([
      ['Dec 2025', '$1,250.50', '$0.00'],
      ['Jan 2026', '$0.00', '$0.00'],
      ['Feb 2026', '$100.00', '$50.25'],
    ]);
    expect(await tableOf('Referrals by stage')).toEqual([
      ['Booked', '3'],
      ['Qualified', '0'],
      ['Proposal', '1'],
      ['Won', '2'],
      ['Lost', '0'],
    ]);
    expect(api.calls[0]).toEqual({ path: 'partner.earningsByMonth', input: { months: 12 } });
  });

  it('says so when there is nothing to draw, without a table switch', async () => {
    serveTrpc({
      'partner.earningsByMonth': () => ({
        months: MONTHS.map((month) => ({ month, paid: '0.00', pending: '0.00' })),
        referralsByStage: earnings.referralsByStage.map((row) => ({ ...row, count: 0 })),
      }),
    });
    renderWithProviders(<PartnerCharts />);
    await screen.findByText('No commissions in the last 12 months yet.');
    await screen.findByText('No referrals yet.');
    expect(screen.queryByRole('switch', { name: 'Show as table' })).toBeNull();
    expect(screen.getByRole('figure', { name: 'Earnings by month' })).toBeTruthy();
  });
});

describe('admin charts', () => {
  it('shows the program trend and the referral MRR as tables with the same numbers', async () => {
    serveTrpc({ 'admin.trends': () => trends });
    renderWithProviders(<ProgramCharts />);
    expect(await tableOf('Program trend')).toEqual([
      ['Dec 2025', '$300.00', '4', '1'],
      ['Jan 2026', '$0.00', '0', '0'],
      ['Feb 2026', '$12.34', '7', '2'],
    ]);
    expect(await tableOf('Referral MRR')).toEqual([
      ['Dec 2025', '$4,200.00'],
      ['Jan 2026', '$4,200.00'],
      ['Feb 2026', '$5,999.99'],
    ]);
  });

  it('says so when the program has no data', async () => {
    serveTrpc({
      'admin.trends': () => ({
        months: MONTHS.map((month) => ({
          month,
          commissionsPaid: '0.00',
          newReferrals: 0,
          dealsWon: 0,
          referralMrr: '0.00',
        })),
      }),
    });
    renderWithProviders(<ProgramCharts />);
    await screen.findByText('No commissions, referrals or won deals in the last 12 months.');
    await screen.findByText('No active referrals in the last 12 months.');
    await waitFor(() => expect(screen.queryByRole('switch')).toBeNull());
  });
});

describe('program trend tooltip', () => {
  it('writes the commissions paid of the hovered month as dollars and leaves the counts as numbers', () => {
    const row: Record<string, unknown> = { month: 'Oct 2026', commissionsPaid: 1234.5, newReferrals: 6, dealsWon: 2 };
    const written = ['commissionsPaid', 'newReferrals', 'dealsWon'].map((name) =>
      withMoneyWritten({ name, dataKey: name, payload: row }),
    );
    expect(written.map((item) => item.payload[item.name])).toEqual(['$1,234.50', 6, 2]);
    expect(row.commissionsPaid).toBe(1234.5);
  });
});

describe('the stage names under the referrals-by-stage chart', () => {
  const STAGES = ['Booked', 'Qualified', 'Proposal', 'Won', 'Lost'];

  it('slant on a phone, whatever the counts, and before the width is known', () => {
    // A 390 px screen leaves the chart about 290 px.
    for (const width of [0, 250, 290, 330, 360, 380])
      expect([width, stageLabelsSlant(width, STAGES)]).toEqual([width, true]);
  });

  it('stand upright where each name has room', () => {
    for (const width of [480, 600, 900]) expect([width, stageLabelsSlant(width, STAGES)]).toEqual([width, false]);
  });
});
