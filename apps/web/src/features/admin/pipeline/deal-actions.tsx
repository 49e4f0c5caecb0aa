// A deal card's actions: extend the qualification window (days and a reason; the server's limit of the
// terms version shows on the days field), decide whether a won client qualifies (yes or no and a reason;
// logged and mailed to the partner), and a won client's contract dates (contract-dates-form.tsx). Each is confirmed in its dialog, shows the server's
// errors on their field, says what happened in a toast, and refreshes the pipeline.

import { ActionIcon, Menu, NumberInput, SegmentedControl, Text } from '@mantine/core';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  PROGRAM_TERMS_MESSAGES,
  extendReferralInput,
  formatDate,
  qualificationOverrideInput,
  type Referral,
} from '@portal/contracts';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { afterStageChange } from '../../../lib/invalidate';
import { trpc } from '../../../lib/trpc';
import { ReasonForm, useReasonFormMutation } from '../../../layout/reason-form';
import { FreshDialog } from '../../../layout/fresh-dialog';
import { ContractDatesForm, type ContractDeal } from './contract-dates-form';

type Deal = Pick<
  Referral,
  'id' | 'clientCompanyName' | 'stage' | 'qualifiesBy' | 'extensionDays' | 'qualifying' | 'qualificationReason'
> &
  ContractDeal;

/** Words of the server that belong to the days field: the limit of the terms version, the range. */
const isExtensionLimit = (message: string) => message.startsWith('Extensions of one referral add up to at most');

/** The pipeline and the lists that show the deal's window or decision. */
function useRefresh() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([utils.admin.pipelineColumn.invalidate(), utils.admin.referrals.invalidate(), afterStageChange(utils)]);
}

/** The days as the number field holds them: a number, or the text being typed. */
type ExtendValues = { id: string; days: number | string; reason: string };

function ExtendWindowForm({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const refresh = useRefresh();
  const extend = trpc.admin.extendReferralWindow.useMutation();
  const form = useSchemaForm<ExtendValues>(extendReferralInput, { id: deal.id, days: 30, reason: '' });
  const submit = useReasonFormMutation(form, {
    mutate: (values: typeof form.values) =>
      extend.mutateAsync({ id: deal.id, days: Number(values.days), reason: values.reason }),
    success: (saved) => [
      'Window extended',
      `${saved.clientCompanyName} may now sign until ${formatDate(saved.qualifiesBy)} to qualify.`,
    ],
    refresh,
    onDone,
    failure: 'Window not extended',
    fieldErrors: (error) => {
      const known = fieldErrorsOf(error, {
        days: [PROGRAM_TERMS_MESSAGES.extensionDays],
        reason: [PROGRAM_TERMS_MESSAGES.reasonRequired],
      });
      const message = errorMessage(error, '');
      if (isExtensionLimit(message)) known.days = message;
      return known;
    },
  });
  return (
    <ReasonForm
      {...submit}
      reason={{ placeholder: "e.g. The client's board meets next month", ...form.getInputProps('reason') }}
      focusReason={false}
      submitLabel="Extend window"
    >
      <Text size="sm">
        The window of <b>{deal.clientCompanyName}</b> ends on {formatDate(deal.qualifiesBy)}
        {deal.extensionDays > 0 ? `, with ${deal.extensionDays} days added so far` : ''}.
      </Text>
      <NumberInput
        label="Days to add"
        required
        min={1}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('days')}
        data-autofocus
      />
    </ReasonForm>
  );
}

function OverrideQualificationForm({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const refresh = useRefresh();
  const override = trpc.admin.overrideQualification.useMutation();
  const form = useSchemaForm(qualificationOverrideInput, { id: deal.id, qualifying: !deal.qualifying, reason: '' });
  const submit = useReasonFormMutation(form, {
    mutate: override.mutateAsync,
    success: (saved) => [
      'Qualification decided',
      `${saved.clientCompanyName} is ${saved.qualifying ? 'a qualifying client' : 'not a qualifying client'}; the partner is told by mail.`,
    ],
    refresh,
    onDone,
    failure: 'Qualification not changed',
  });
  return (
    <ReasonForm {...submit} reason={form.getInputProps('reason')} submitLabel="Save decision">
      <Text size="sm">
        <b>{deal.clientCompanyName}</b> is{' '}
        {deal.qualifying
          ? 'a qualifying client'
          : `not a qualifying client (${deal.qualificationReason ?? 'no reason'})`}
        . Your decision stands until the deal leaves Won, and the partner is told by mail.
      </Text>
      <SegmentedControl
        aria-label="Qualifying client"
        fullWidth
        data={[
          { value: 'yes', label: 'Qualifying' },
          { value: 'no', label: 'Not qualifying' },
        ]}
        value={form.values.qualifying ? 'yes' : 'no'}
        onChange={(value) => form.setFieldValue('qualifying', value === 'yes')}
      />
    </ReasonForm>
  );
}

/** The "⋯" menu of a deal card, with the dialogs it opens; nothing when the deal has no such action. */
export function DealActions({ deal }: { deal: Deal }) {
  const [open, setOpen] = useState<'extend' | 'override' | 'contract' | null>(null);
  const close = () => setOpen(null);
  const canExtend = deal.qualifiesBy !== null && deal.stage !== 'lost';
  const won = deal.stage === 'won';
  if (!canExtend && !won) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Deal actions for ${deal.clientCompanyName}`}
            data-testid="deal-actions"
          >
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canExtend && <Menu.Item onClick={() => setOpen('extend')}>Extend window</Menu.Item>}
          {won && <Menu.Item onClick={() => setOpen('override')}>Override qualification</Menu.Item>}
          {won && <Menu.Item onClick={() => setOpen('contract')}>Contract and churn dates</Menu.Item>}
        </Menu.Dropdown>
      </Menu>
      <FreshDialog opened={open === 'extend'} onClose={close} title="Extend the qualification window">
        <ExtendWindowForm deal={deal} onDone={close} />
      </FreshDialog>
      <FreshDialog opened={open === 'override'} onClose={close} title="Override qualification">
        <OverrideQualificationForm deal={deal} onDone={close} />
      </FreshDialog>
      <FreshDialog opened={open === 'contract'} onClose={close} title="Contract and churn dates" size="lg">
        <ContractDatesForm deal={deal} onDone={close} />
      </FreshDialog>
    </>
  );
}
