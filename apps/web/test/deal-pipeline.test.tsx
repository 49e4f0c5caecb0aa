// The deal pipeline's stage selector: the card moves to its new column at once (optimistic cache
// update) and moves back, with the error toast, when the server refuses the change.

import type { Referral } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DealPipeline } from '../src/features/admin/deal-pipeline';
import { renderInRouter } from './render';
import { ProcedureError, serveTrpc } from './trpc-server';

const deal: Referral = {
  id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b3c',
  partnerId: '5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a',
  partnerCompanyName: 'Northwind Growth',
  clientCompanyName: 'Acme Bakery',
  clientEmail: null,
  clientPhone: null,
  serviceType: 'basic_accounting',
  monthlyValue: '500.00',
  commissionAmount: '50.00',
  stage: 'booked',
  consultationDate: null,
  proposalDate: null,
  closeDate: null,
  contractStartDate: null,
  contractEndDate: null,
  lostReason: null,
  churnDate: null,
  notes: null,
  referralSource: null,
  landingPage: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** A promise the test settles when it wants the server to answer. */
function deferred<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

/** The server's columns: each stage's deals of `deals`, one page of two at a time. */
const columnOf = (deals: Referral[]) => (input: unknown) => {
  const { stage, cursor } = input as { stage: string; cursor?: string | null };
  const inStage = deals.filter((d) => d.stage === stage);
  const start = cursor ? Number(cursor) : 0;
  const next = start + 2 < inStage.length ? String(start + 2) : null;
  return { items: inStage.slice(start, start + 2), total: inStage.length, nextCursor: next };
};
const noPartners = () => ({ items: [], total: 0, limit: 20, offset: 0 });

const column = (stage: string) => screen.getByTestId(`pipeline-column-${stage}`);

async function moveTo(label: string) {
  await userEvent.click(await screen.findByLabelText('Stage of Acme Bakery', { selector: 'input' }));
  await userEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the deal pipeline', () => {
  it('moves a deal at once and keeps it there when the server agrees', async () => {
    const reply = deferred<Referral>();
    serveTrpc({ 'admin.pipelineColumn': columnOf([deal]), 'admin.updateReferral': () => reply.promise, 'admin.partners': noPartners });
    renderInRouter(<DealPipeline />);
    await waitFor(() => expect(within(column('booked')).getByText('Acme Bakery')).toBeTruthy(), { timeout: 5000 });

    await moveTo('Qualified');
    await waitFor(() => expect(within(column('qualified')).getByText('Acme Bakery')).toBeTruthy());
    expect(within(column('booked')).queryByText('Acme Bakery')).toBeNull();

    reply.resolve({ ...deal, stage: 'qualified' });
    expect(await screen.findByText('Acme Bakery moved to Qualified.')).toBeTruthy();
    expect(within(column('qualified')).getByText('Acme Bakery')).toBeTruthy();
  });

  it('moves the deal back and says so when the server refuses', async () => {
    const reply = deferred<Referral>();
    const api = serveTrpc({ 'admin.pipelineColumn': columnOf([deal]), 'admin.updateReferral': () => reply.promise, 'admin.partners': noPartners });
    renderInRouter(<DealPipeline />);
    await waitFor(() => expect(within(column('booked')).getByText('Acme Bakery')).toBeTruthy(), { timeout: 5000 });

    await moveTo('Qualified');
    await waitFor(() => expect(within(column('qualified')).getByText('Acme Bakery')).toBeTruthy());
    expect(api.calls.find((call) => call.path === 'admin.updateReferral')?.input).toEqual({ id: deal.id, stage: 'qualified' });

    reply.reject(new ProcedureError(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable. Please try again shortly.'));
    expect(await screen.findByText('Stage update failed')).toBeTruthy();
    expect(screen.getByText('The database is unavailable. Please try again shortly.')).toBeTruthy();
    await waitFor(() => expect(within(column('booked')).getByText('Acme Bakery')).toBeTruthy());
    expect(within(column('qualified')).queryByText('Acme Bakery')).toBeNull();
  });

  it('shows each column’s true count and loads more deals on demand', async () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ ...deal, id: `0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b${String(i).padStart(2, '0')}`, clientCompanyName: `Client ${i}` }));
    serveTrpc({ 'admin.pipelineColumn': columnOf(many), 'admin.partners': noPartners });
    renderInRouter(<DealPipeline />);
    await waitFor(() => expect(within(column('booked')).getByText('Client 1')).toBeTruthy(), { timeout: 5000 });
    expect(within(column('booked')).getByTestId('pipeline-count').textContent).toBe('5');
    expect(within(column('booked')).queryByText('Client 2')).toBeNull();
    await userEvent.click(within(column('booked')).getByRole('button', { name: 'Load more Booked deals' }));
    await waitFor(() => expect(within(column('booked')).getByText('Client 3')).toBeTruthy());
    await userEvent.click(within(column('booked')).getByRole('button', { name: 'Load more Booked deals' }));
    await waitFor(() => expect(within(column('booked')).getByText('Client 4')).toBeTruthy());
    expect(within(column('booked')).queryByRole('button', { name: 'Load more Booked deals' })).toBeNull();
  });

  it('sends the search to every column', async () => {
    const api = serveTrpc({ 'admin.pipelineColumn': columnOf([deal]), 'admin.partners': noPartners });
    renderInRouter(<DealPipeline />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search deals' }), 'acme');
    await waitFor(() => expect(api.calls.filter((call) => call.path === 'admin.pipelineColumn' && (call.input as { search?: string }).search === 'acme')).toHaveLength(5));
  });
});
