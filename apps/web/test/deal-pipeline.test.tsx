// The deal pipeline's stage selector: the card moves to its new column at once (optimistic cache
// update) and moves back, with the error toast, when the server refuses the change. The selector is a
// button with a menu of the stages, mounted only when it opens (no combobox per card).

import { PROGRAM_TERMS_MESSAGES, type Referral } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DealPipeline } from '../src/features/admin/pipeline/deal-pipeline';
import { renderInRouter } from './render';
import { anAdminSession, aPage, aReferral } from './fixtures';
import { deferred, ProcedureError, serveTrpc } from './trpc-server';

const deal = aReferral({ partnerCompanyName: 'Northwind Growth' });

/** The server's columns: each stage's deals of `deals`, one page of two at a time. */
const columnOf = (deals: Referral[]) => (input: unknown) => {
  const { stage, cursor } = input as { stage: string; cursor?: string | null };
  const inStage = deals.filter((d) => d.stage === stage);
  const start = cursor ? Number(cursor) : 0;
  const next = start + 2 < inStage.length ? String(start + 2) : null;
  return { items: inStage.slice(start, start + 2), total: inStage.length, nextCursor: next };
};
const noPartners = () => aPage([]);

/** A signed-in team member holding `permissions` (an admin moves deals; a viewer only reads). */
const member = (permissions: string[]) => ({ session: anAdminSession(permissions) });
const admin = () => member(['referrals:read', 'referrals:write']);

const column = (stage: string) => screen.getByTestId(`pipeline-column-${stage}`);

async function moveTo(label: string) {
  await userEvent.click(await screen.findByRole('button', { name: /^Stage of Acme Bakery: / }));
  await userEvent.click(await screen.findByRole('menuitemradio', { name: label, hidden: true }));
}

/** The admin's pipeline with Acme Bakery shown in Booked; `handlers` answer the other procedures. */
async function showAcmeBakery(handlers: Parameters<typeof serveTrpc>[0]) {
  const api = serveTrpc({ 'admin.pipelineColumn': columnOf([deal]), 'admin.partners': noPartners, ...handlers });
  renderInRouter(<DealPipeline />, admin());
  await waitFor(() => expect(within(column('booked')).getByText('Acme Bakery')).toBeTruthy());
  return api;
}

/** Acme Bakery moved from Booked to Qualified on the screen while the server's answer waits on `reply`. */
async function moveWhileTheServerWaits() {
  const reply = deferred<Referral>();
  const api = await showAcmeBakery({ 'admin.updateReferral': () => reply.promise });
  await moveTo('Qualified');
  await waitFor(() => expect(within(column('qualified')).getByText('Acme Bakery')).toBeTruthy());
  return { reply, api };
}

afterEach(() => vi.unstubAllGlobals());

describe('the deal pipeline', () => {
  it('moves a deal at once and keeps it there when the server agrees', async () => {
    const { reply } = await moveWhileTheServerWaits();
    expect(within(column('booked')).queryByText('Acme Bakery')).toBeNull();

    reply.resolve({ ...deal, stage: 'qualified' });
    expect(await screen.findByText('Acme Bakery moved to Qualified.')).toBeTruthy();
    expect(within(column('qualified')).getByText('Acme Bakery')).toBeTruthy();
  });

  it('moves the deal back and says so when the server refuses', async () => {
    const { reply, api } = await moveWhileTheServerWaits();
    expect(api.inputs('admin.updateReferral')[0]).toEqual({
      id: deal.id,
      stage: 'qualified',
    });

    reply.reject(
      new ProcedureError(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable. Please try again shortly.'),
    );
    expect(await screen.findByText('Stage update failed')).toBeTruthy();
    expect(screen.getByText('The database is unavailable. Please try again shortly.')).toBeTruthy();
    await waitFor(() => expect(within(column('booked')).getByText('Acme Bakery')).toBeTruthy());
    expect(within(column('qualified')).queryByText('Acme Bakery')).toBeNull();
  });

  it('gives each card a stage button whose menu of the five stages mounts only when it opens', async () => {
    const two = [
      deal,
      { ...deal, id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b99', clientCompanyName: 'Globex Goods', stage: 'won' as const },
    ];
    serveTrpc({ 'admin.pipelineColumn': columnOf(two), 'admin.partners': noPartners });
    renderInRouter(<DealPipeline />, admin());
    await waitFor(() => expect(within(column('won')).getByText('Globex Goods')).toBeTruthy());
    // No card carries a combobox (a Select would: its input with role combobox) and no menu is mounted yet.
    for (const card of screen.getAllByTestId('deal-card'))
      expect(within(card).queryByRole('combobox', { hidden: true })).toBeNull();
    expect(screen.queryAllByRole('menu', { hidden: true })).toHaveLength(0);
    const button = within(column('won')).getByRole('button', { name: 'Stage of Globex Goods: Won' });
    expect(button.textContent).toBe('Won');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');

    await userEvent.click(button);
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitemradio', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual(['Booked', 'Qualified', 'Proposal', 'Won', 'Lost']);
    expect(items.map((item) => item.getAttribute('aria-checked'))).toEqual([
      'false',
      'false',
      'false',
      'true',
      'false',
    ]);
    // It opens on the current stage.
    await waitFor(() => expect(document.activeElement).toBe(items[3]));
  });

  it('shows a viewer the stage without letting them change it', async () => {
    serveTrpc({ 'admin.pipelineColumn': columnOf([deal]), 'admin.partners': noPartners });
    renderInRouter(<DealPipeline />, member(['referrals:read']));
    const button = await screen.findByRole('button', { name: 'Stage of Acme Bakery: Booked' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await userEvent.click(button);
    expect(screen.queryAllByRole('menu', { hidden: true })).toHaveLength(0);
  });

  it('asks for the lost reason before moving a deal to Lost', async () => {
    const api = await showAcmeBakery({
      'admin.updateReferral': (input: unknown) => ({ ...deal, ...(input as object) }),
    });
    await moveTo('Lost');
    const dialog = await screen.findByRole('dialog', { name: 'Mark deal as lost' });
    expect(api.inputs('admin.updateReferral')).toEqual([]);
    // The closing menu does not take the focus back from the dialog's reason field.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Lost reason')));
    // A negative check: wait past the 10 ms after which Mantine's menu would hand the focus back to its button.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Lost reason'));
    await userEvent.type(within(dialog).getByLabelText('Lost reason'), 'Chose another provider');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Lost' }));
    await waitFor(() =>
      expect(api.inputs('admin.updateReferral')[0]).toEqual({
        id: deal.id,
        stage: 'lost',
        lostReason: 'Chose another provider',
      }),
    );
    expect(await screen.findByText('Acme Bakery moved to Lost.')).toBeTruthy();
  });

  it('asks for the signing date and annual sales before moving a deal to Won, and warns when it will not qualify', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const api = await showAcmeBakery({
      'admin.wonPreview': (input: unknown) => {
        const { annualSales, signedAt } = input as { annualSales: string; signedAt: string };
        if (signedAt > today) throw new ProcedureError(400, 'BAD_REQUEST', PROGRAM_TERMS_MESSAGES.signedInFuture);
        const enough = annualSales !== '' && Number(annualSales) >= 1_000_000;
        return {
          qualifying: enough,
          reason: enough ? null : annualSales === '' ? 'annual sales not recorded' : 'annual sales below $1,000,000.00',
          signedAt,
          qualifiesBy: '2026-12-30',
          minAnnualSales: '1000000.00',
          overridden: false,
        };
      },
      'admin.updateReferral': (input: unknown) => ({ ...deal, ...(input as object) }),
    });
    await moveTo('Won');
    const dialog = await screen.findByRole('dialog', { name: 'Mark deal as won' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Signing date/).value).toBe(today);
    // Nothing recorded: the server says it will not qualify, and why, before anything is stored.
    expect(await within(dialog).findByText(/annual sales not recorded/)).toBeTruthy();
    expect(within(dialog).getByText('This deal will not qualify')).toBeTruthy();
    expect(api.inputs('admin.updateReferral')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Annual sales/), '999999.99');
    await waitFor(() => expect(dialog.textContent).toContain('annual sales below $1,000,000.00'));
    await userEvent.clear(within(dialog).getByLabelText(/Annual sales/));
    await userEvent.type(within(dialog).getByLabelText(/Annual sales/), '1000000');
    expect(await within(dialog).findByText(/A qualifying client/)).toBeTruthy();

    // A signing date the server refuses shows its words on the field, and the deal cannot be confirmed.
    const signed = within(dialog).getByLabelText(/Signing date/);
    await userEvent.clear(signed);
    await userEvent.type(signed, '2999-01-01');
    expect(await within(dialog).findByText(PROGRAM_TERMS_MESSAGES.signedInFuture)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Mark as Won' }).hasAttribute('disabled')).toBe(true);
    await userEvent.clear(signed);
    await userEvent.type(signed, today);
    await within(dialog).findByText(/A qualifying client/);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Won' }));
    await waitFor(() =>
      expect(api.inputs('admin.updateReferral')[0]).toEqual({
        id: deal.id,
        stage: 'won',
        signedAt: today,
        annualSales: '1000000',
      }),
    );
    expect(await screen.findByText('Acme Bakery moved to Won.')).toBeTruthy();
  });

  it('shows the server’s refusal of a deal in an open conflict in the Won dialog, and cannot confirm it', async () => {
    const api = await showAcmeBakery({
      'admin.wonPreview': () => {
        throw new ProcedureError(409, 'CONFLICT', PROGRAM_TERMS_MESSAGES.wonInOpenConflict);
      },
    });
    await moveTo('Won');
    const dialog = await screen.findByRole('dialog', { name: 'Mark deal as won' });
    expect(await within(dialog).findByText(PROGRAM_TERMS_MESSAGES.wonInOpenConflict)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Mark as Won' }).hasAttribute('disabled')).toBe(true);
    expect(api.inputs('admin.updateReferral')).toEqual([]);
  });

  it('puts the deal back and shows the server’s words when the move to Won is refused', async () => {
    await showAcmeBakery({
      'admin.wonPreview': (input: unknown) => ({
        qualifying: true,
        reason: null,
        signedAt: (input as { signedAt: string }).signedAt,
        qualifiesBy: '2026-12-30',
        minAnnualSales: '1000000.00',
        overridden: false,
      }),
      'admin.updateReferral': () => {
        throw new ProcedureError(409, 'CONFLICT', PROGRAM_TERMS_MESSAGES.wonInOpenConflict);
      },
    });
    await moveTo('Won');
    const dialog = await screen.findByRole('dialog', { name: 'Mark deal as won' });
    await within(dialog).findByText(/A qualifying client/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Won' }));
    expect(await screen.findByText(PROGRAM_TERMS_MESSAGES.wonInOpenConflict)).toBeTruthy();
    await waitFor(() => expect(within(column('booked')).getByText('Acme Bakery')).toBeTruthy());
  });

  it('shows each column’s true count and loads more deals on demand', async () => {
    const many = Array.from({ length: 5 }, (_, i) => ({
      ...deal,
      id: `0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b${String(i).padStart(2, '0')}`,
      clientCompanyName: `Client ${i}`,
    }));
    serveTrpc({ 'admin.pipelineColumn': columnOf(many), 'admin.partners': noPartners });
    renderInRouter(<DealPipeline />, admin());
    await waitFor(() => expect(within(column('booked')).getByText('Client 1')).toBeTruthy());
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
    renderInRouter(<DealPipeline />, admin());
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search deals' }), 'acme');
    await waitFor(() =>
      expect(
        api.calls.filter(
          (call) => call.path === 'admin.pipelineColumn' && (call.input as { search?: string }).search === 'acme',
        ),
      ).toHaveLength(5),
    );
  });

  it('marks a won client that has stopped, and no other, so the Won column does not read as all earning', async () => {
    const won = { ...deal, stage: 'won' as const, qualifying: true };
    const deals = [
      { ...won, id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b01', clientCompanyName: 'Still Paying Co' },
      { ...won, id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b02', clientCompanyName: 'Gone Co', churnDate: '2020-03-31' },
    ];
    serveTrpc({ 'admin.pipelineColumn': columnOf(deals), 'admin.partners': noPartners });
    renderInRouter(<DealPipeline />, admin());
    await waitFor(() => expect(within(column('won')).getByText('Gone Co')).toBeTruthy());
    const card = (name: string) =>
      within(column('won')).getByText(name).closest('[data-testid="deal-card"]') as HTMLElement;
    expect(within(card('Gone Co')).getByTestId('client-stopped').textContent).toBe('Churned');
    expect(within(card('Still Paying Co')).queryByTestId('client-stopped')).toBeNull();
  });
});
