// The one way a form changes something (useFormMutation, here with the reason form every agreement
// action uses): a 400 whose issues name a field shows on that field, any other failure in a toast
// with the server's words, and a success says so, refreshes what shows the change, then closes.

import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PROGRAM_TERMS_MESSAGES } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReasonForm } from '../src/layout/reason-form';
import { fieldErrorsOf } from '../src/lib/errors';
import { trpc } from '../src/lib/trpc';
import { useFormMutation } from '../src/lib/use-form-mutation';
import { renderWithProviders } from './render';
import { ProcedureError, serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

function NoticeForm({ refresh, onDone }: { refresh: () => Promise<unknown>; onDone: () => void }) {
  const give = trpc.partner.giveNotice.useMutation();
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' } });
  // A failure's field errors go to the form; everything else is the call and what follows it.
  const submit = useFormMutation({
    form,
    fieldErrors: (error) => fieldErrorsOf(error, { reason: [PROGRAM_TERMS_MESSAGES.reasonRequired] }),
    failure: 'Notice not given',
    mutate: give.mutateAsync,
    success: (saved) => ['Notice given', `Your partnership ends on ${saved.effectiveDate}.`],
    refresh,
    onDone,
  });
  return (
    <ReasonForm
      submitLabel="Give notice"
      pending={submit.pending}
      onCancel={onDone}
      reason={form.getInputProps('reason')}
      onSubmit={form.onSubmit((values) => void submit.run(values))}
    >
      <Text size="sm">Your notice takes effect after 30 days.</Text>
    </ReasonForm>
  );
}

function renderForm() {
  const steps: string[] = [];
  const refresh = vi.fn(async () => void steps.push('refresh'));
  const onDone = vi.fn(() => void steps.push('close'));
  renderWithProviders(<NoticeForm refresh={refresh} onDone={onDone} />);
  return { steps, refresh, onDone };
}

async function giveNotice(reason: string) {
  await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), reason);
  await userEvent.click(screen.getByRole('button', { name: 'Give notice' }));
}

describe('a form that changes something', () => {
  it('shows a 400’s issue on the field it names, with no toast, and stays open', async () => {
    serveTrpc({
      'partner.giveNotice': () => {
        throw new ProcedureError(400, 'BAD_REQUEST', 'Invalid input', [
          { path: 'reason', message: 'Say why in at most 1,000 characters' },
        ]);
      },
    });
    const { steps } = renderForm();
    await giveNotice('Closing the agency');
    expect(await screen.findByText('Say why in at most 1,000 characters')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Reason/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Notice not given')).toBeNull();
    expect(steps).toEqual([]);
  });

  it('shows the server’s words that belong to a field on that field', async () => {
    serveTrpc({
      'partner.giveNotice': () => {
        throw new ProcedureError(422, 'UNPROCESSABLE_CONTENT', PROGRAM_TERMS_MESSAGES.reasonRequired);
      },
    });
    renderForm();
    await giveNotice(' ');
    expect(await screen.findByText(PROGRAM_TERMS_MESSAGES.reasonRequired)).toBeTruthy();
    expect(screen.queryByText('Notice not given')).toBeNull();
  });

  it('says a failure that names no field in a toast with the server’s words, and stays open', async () => {
    serveTrpc({
      'partner.giveNotice': () => {
        throw new ProcedureError(409, 'CONFLICT', 'Notice was already given.');
      },
    });
    const { steps } = renderForm();
    await giveNotice('Closing the agency');
    expect(await screen.findByText('Notice not given')).toBeTruthy();
    expect(screen.getByText('Notice was already given.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Reason/ }).getAttribute('aria-invalid')).not.toBe('true');
    expect(steps).toEqual([]);
  });

  it('says a success, refreshes what shows the change, and only then closes', async () => {
    const api = serveTrpc({
      'partner.giveNotice': () => ({ effectiveDate: '2099-12-31' }),
    });
    const { steps } = renderForm();
    await giveNotice('Closing the agency');
    expect(await screen.findByText('Notice given')).toBeTruthy();
    expect(screen.getByText('Your partnership ends on 2099-12-31.')).toBeTruthy();
    await waitFor(() => expect(steps).toEqual(['refresh', 'close']));
    expect(api.calls).toEqual([{ path: 'partner.giveNotice', input: { reason: 'Closing the agency' } }]);
  });
});
