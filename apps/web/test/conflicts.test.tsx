// The Conflicts screen's Resolve menu: each way to settle names the partner it favours and says what
// happens to the other referral; the Flags column shows only when a conflict has a flag.

import type { ReferralConflict, ReferralConflicts } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConflictsScreen } from '../src/features/admin/conflicts/conflicts-screen';
import { anAdminSession } from './fixtures';
import { renderInRouter } from './render';
import { serveTrpc } from './trpc-server';

const side = (partnerCompanyName: string, referralId: string) => ({
  referralId,
  partnerId: referralId.replace(/^./, 'f'),
  partnerCompanyName,
  clientCompanyName: 'Harvest Table Foods',
  clientEmail: 'owner@harvesttablefoods.example',
  stage: 'booked' as const,
  referralSource: 'booking',
  createdAt: '2026-11-20T10:00:00.000Z',
});

const conflict: ReferralConflict = {
  id: 'a1111111-1111-4111-8111-111111111111',
  second: side('Shopline Apps', 'a1111111-1111-4111-8111-111111111111'),
  first: side('Summit Ledger Advisory', 'b1111111-1111-4111-8111-111111111111'),
  selfReferral: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('the Conflicts screen', () => {
  it('names the partner each resolution favours and what it does to the other referral, and sends the choice once confirmed', async () => {
    let state: ReferralConflicts = { conflicts: [conflict], selfReferrals: [] };
    const api = serveTrpc({
      'admin.referralConflicts': () => state,
      'admin.resolveConflict': () => {
        state = { conflicts: [], selfReferrals: [] };
        return { id: conflict.id, resolution: 'keep_first', stage: 'lost', firstStage: 'booked' };
      },
    });
    renderInRouter(<ConflictsScreen />, { session: anAdminSession(['referrals:read', 'referrals:write']) });
    const table = await screen.findByRole('table');
    expect(within(table).queryByText('Flags')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Resolve the conflict over Harvest Table Foods' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      "Keep with Summit Ledger AdvisoryShopline Apps's referral is closed as already introduced",
      "Move to Shopline AppsSummit Ledger Advisory's referral is closed as moved to another partner",
      "Reject Shopline Apps's referralClosed as rejected by an admin, not as a duplicate",
    ]);
    await userEvent.click(items[0]!);
    // Nothing is sent before the admin confirms what the choice closes.
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the conflict' });
    expect(within(dialog).getByTestId('resolution-effect').textContent).toBe(
      "Harvest Table Foods: Shopline Apps's referral is closed as already introduced. Shopline Apps is told by mail that the deal was lost. This cannot be undone.",
    );
    expect(api.inputs('admin.resolveConflict')).toEqual([]);
    const keep = within(dialog).getByRole('button', { name: 'Keep with Summit Ledger Advisory' });
    // The brand's darker blue: white words on Mantine's blue.6 are 3.6:1, below AA.
    expect(keep.style.getPropertyValue('--button-bg')).toBe('var(--mantine-color-blue-8)');
    await userEvent.click(keep);
    expect(await screen.findByText('No open conflicts')).toBeTruthy();
    expect(api.inputs('admin.resolveConflict')[0]).toEqual({
      id: conflict.id,
      resolution: 'keep_first',
    });
  });
});
