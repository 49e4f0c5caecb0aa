// Program terms: each version names who published it as the activity log does (the name, with the email
// under it), and an effective day before today is refused on the field, before sending or by the server.

import { PROGRAM_TERMS_MESSAGES, todayIsoDate, type ProgramTerms } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgramTermsCard } from '../src/features/admin/payouts/program-terms-card';
import { aProgramTerms } from './fixtures';
import { renderWithProviders } from './render';
import { ProcedureError, serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

const version1 = aProgramTerms();
const version2: ProgramTerms = {
  ...version1,
  version: 2,
  agreementVersion: '2.0',
  changes: ['The basic fee rises'],
  createdBy: 'admin@partnerportal.demo',
  createdByName: 'Morgan Lee',
};

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function openPublish() {
  fireEvent.click(await screen.findByRole('button', { name: 'Publish new terms' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Publish new terms' }));
  fireEvent.change(dialog.getByRole('textbox', { name: /What changed/ }), { target: { value: 'Fees rise' } });
  return dialog;
}

describe('Program terms', () => {
  it('names the publisher of a version by name with the email under it, and version 1 as the original', async () => {
    serveTrpc({ 'admin.programTerms': () => ({ current: version2, history: [version2, version1] }) });
    renderWithProviders(<ProgramTermsCard canPublish={false} />);
    const table = await screen.findByRole('table', { name: 'Program terms versions' });
    const [, newer, older] = within(table).getAllByRole('row');
    expect(within(newer!).getByText('Morgan Lee')).toBeTruthy();
    expect(newer!.textContent).toContain('admin@partnerportal.demo');
    expect(within(older!).getByText('The original agreement')).toBeTruthy();
  });

  it('refuses an effective day before today on the field and sends nothing', async () => {
    const api = serveTrpc({ 'admin.programTerms': () => ({ current: version2, history: [version2, version1] }) });
    renderWithProviders(<ProgramTermsCard canPublish />);
    const dialog = await openPublish();
    fireEvent.change(dialog.getByLabelText(/Effective from/), { target: { value: yesterday() } });
    fireEvent.click(dialog.getByRole('button', { name: 'Publish version' }));
    expect(await dialog.findByText(PROGRAM_TERMS_MESSAGES.effectiveInPast)).toBeTruthy();
    expect(api.inputs('admin.publishProgramTerms')).toEqual([]);
  });

  it("shows the server's refusal of the effective day on the field, not in a toast", async () => {
    serveTrpc({
      'admin.programTerms': () => ({ current: version2, history: [version2, version1] }),
      'admin.publishProgramTerms': () => new ProcedureError(400, 'BAD_REQUEST', PROGRAM_TERMS_MESSAGES.effectiveInPast),
    });
    renderWithProviders(<ProgramTermsCard canPublish />);
    const dialog = await openPublish();
    fireEvent.change(dialog.getByLabelText(/Effective from/), { target: { value: todayIsoDate() } });
    fireEvent.click(dialog.getByRole('button', { name: 'Publish version' }));
    await waitFor(() => expect(dialog.getByText(PROGRAM_TERMS_MESSAGES.effectiveInPast)).toBeTruthy());
    expect(screen.queryByText('Publishing the terms failed')).toBeNull();
  });
});
