// Ending a partnership and forfeiting its fees, on the admin's partner page: "End partnership" records
// written notice by either party (effective the notice days of the partner's terms after today unless a
// later day is chosen) and the page then shows the scheduled end; "Forfeit fees" voids every unpaid fee
// for a breach of non-solicitation, confirmed with the count and total it voids.

import { Alert, Button, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ENDING_MESSAGES,
  PROGRAM_TERMS_MESSAGES,
  forfeitFeesInput,
  formatDate,
  formatMoney,
  terminatePartnerInput,
  todayIsoDate,
  type AdminPartnershipEnd,
} from '@portal/contracts';
import { IconCalendarX, IconCoinOff } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../../lib/errors';
import { afterCommissionChange, afterPartnerDecision } from '../../../../lib/invalidate';
import { notifyFailure, notifySuccess } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { useSubmitOnce } from '../../../../lib/use-submit-once';
import { FormActions } from '../../../../layout/form-actions';
import { usePhoneLayout } from '../../../../layout/use-phone-layout';

interface Partner {
  id: string;
  companyName: string;
}

/** Every admin view (the ending, the status, the lists and totals) and the fee lists. */
function useRefresh() {
  const utils = trpc.useUtils();
  return () => Promise.all([afterPartnerDecision(utils), afterCommissionChange(utils)]);
}

function EndPartnershipForm({
  partner,
  ending,
  onDone,
}: {
  partner: Partner;
  ending: AdminPartnershipEnd;
  onDone: () => void;
}) {
  const refresh = useRefresh();
  const terminate = trpc.admin.terminatePartner.useMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      id: partner.id,
      givenBy: 'firm' as 'firm' | 'partner',
      reason: '',
      effectiveDate: ending.noticeEffectiveDate,
    },
    validate: schemaResolver(terminatePartnerInput, { sync: true }),
  });
  const submit = useSubmitOnce(async (values: typeof form.values) => {
    try {
      const saved = await terminate.mutateAsync(values);
      notifySuccess(
        saved.status === 'inactive' ? 'Partnership ended' : 'Notice recorded',
        saved.status === 'inactive'
          ? `${partner.companyName} is inactive from today.`
          : `${partner.companyName}'s partnership ends on ${formatDate(saved.effectiveDate)}.`,
      );
      await refresh();
      onDone();
    } catch (error) {
      const known = fieldErrorsOf(error, {
        effectiveDate: [ENDING_MESSAGES.effectiveBeforeToday, PROGRAM_TERMS_MESSAGES.effectiveFrom],
        reason: [PROGRAM_TERMS_MESSAGES.reasonRequired],
      });
      if (Object.keys(known).length > 0) form.setErrors(known);
      else notifyFailure('Partnership not ended', error);
    }
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit.run(values))}>
      <Stack gap="sm">
        <Text size="sm">
          Record written notice ending the Affiliate Agreement with <b>{partner.companyName}</b>. Until the effective
          date nothing changes; from it the partner is inactive and cannot add referrals. Fees for client payments of
          months before it remain payable.
        </Text>
        <SegmentedControl
          aria-label="Notice given by"
          fullWidth
          data={[
            { value: 'firm', label: 'By the firm' },
            { value: 'partner', label: 'By the partner' },
          ]}
          value={form.values.givenBy}
          onChange={(value) => form.setFieldValue('givenBy', value === 'partner' ? 'partner' : 'firm')}
        />
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('reason')}
          data-autofocus
        />
        <TextInput
          label="Effective date"
          description={`Default: ${ending.noticeDays} days' notice of the partner's terms`}
          type="date"
          required
          min={todayIsoDate()}
          {...form.getInputProps('effectiveDate')}
        />
        <FormActions
          justify="flex-end"
          onCancel={onDone}
          pending={submit.pending}
          submitLabel="End partnership"
          submitColor="red.9"
        />
      </Stack>
    </form>
  );
}

function ForfeitFeesForm({
  partner,
  ending,
  onDone,
}: {
  partner: Partner;
  ending: AdminPartnershipEnd;
  onDone: () => void;
}) {
  const refresh = useRefresh();
  const forfeit = trpc.admin.forfeitPartnerFees.useMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { id: partner.id, reason: '' },
    validate: schemaResolver(forfeitFeesInput, { sync: true }),
  });
  const { count, amount } = ending.unpaidFees;
  const submit = useSubmitOnce(async (values: typeof form.values) => {
    try {
      const saved = await forfeit.mutateAsync(values);
      notifySuccess(
        'Fees forfeited',
        `${saved.voided} unpaid ${saved.voided === 1 ? 'fee' : 'fees'} of ${formatMoney(saved.amount)} voided; ${partner.companyName} is told by mail.`,
      );
      await refresh();
      onDone();
    } catch (error) {
      const known = fieldErrorsOf(error, { reason: [PROGRAM_TERMS_MESSAGES.reasonRequired] });
      if (Object.keys(known).length > 0) form.setErrors(known);
      else notifyFailure('Fees not forfeited', error);
    }
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit.run(values))}>
      <Stack gap="sm">
        <Alert color="red" variant="light" data-testid="forfeit-summary">
          This voids {count} unpaid {count === 1 ? 'fee' : 'fees'} of {partner.companyName}, {formatMoney(amount)} in
          all (section 5 of the agreement, non-solicitation). Paid fees stay paid. The voided fees show on the
          partner&apos;s statement with the reason.
        </Alert>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          maxLength={1000}
          placeholder="e.g. Solicited a client of the firm"
          {...form.getInputProps('reason')}
          data-autofocus
        />
        <FormActions
          justify="flex-end"
          onCancel={onDone}
          pending={submit.pending}
          submitLabel={`Forfeit ${formatMoney(amount)}`}
          submitColor="red.9"
        />
      </Stack>
    </form>
  );
}

/** The page's two buttons (administrators, partners:approve) and their dialogs. */
export function PartnershipEndActions({ partner }: { partner: Partner & { status: string } }) {
  const phone = usePhoneLayout();
  const canDecide = useCan('partners:approve');
  const ending = trpc.admin.partnershipEnd.useQuery({ id: partner.id }, { enabled: canDecide });
  const [open, setOpen] = useState<'end' | 'forfeit' | null>(null);
  if (!canDecide || !ending.data) return null;
  const canEnd = ending.data.status === 'active' && ending.data.termination === null;
  return (
    <>
      {canEnd && (
        <Button
          variant="default"
          leftSection={<IconCalendarX size={16} color="var(--mantine-color-red-text)" />}
          onClick={() => setOpen('end')}
        >
          End partnership
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconCoinOff size={16} color="var(--mantine-color-red-text)" />}
        disabled={ending.data.unpaidFees.count === 0}
        title={ending.data.unpaidFees.count === 0 ? 'No unpaid fees to forfeit' : undefined}
        onClick={() => setOpen('forfeit')}
      >
        Forfeit fees
      </Button>
      <Modal opened={open === 'end'} onClose={() => setOpen(null)} title="End partnership" fullScreen={phone}>
        {open === 'end' && <EndPartnershipForm partner={partner} ending={ending.data} onDone={() => setOpen(null)} />}
      </Modal>
      <Modal opened={open === 'forfeit'} onClose={() => setOpen(null)} title="Forfeit unpaid fees" fullScreen={phone}>
        {open === 'forfeit' && <ForfeitFeesForm partner={partner} ending={ending.data} onDone={() => setOpen(null)} />}
      </Modal>
    </>
  );
}

/** The scheduled (or past) end of the partnership, when notice was given. */
export function PartnershipEndNotice({ partnerId }: { partnerId: string }) {
  const ending = trpc.admin.partnershipEnd.useQuery({ id: partnerId });
  const termination = ending.data?.termination;
  if (!termination) return null;
  const ended = ending.data?.status === 'inactive';
  return (
    <Alert color={ended ? 'gray' : 'yellow'} variant="light" data-testid="partnership-end">
      <Text size="sm" fw={700} component="span" display="block">
        {ended ? 'Partnership ended' : 'Partnership ending'}
      </Text>
      {termination.givenBy === 'firm' ? 'The firm' : 'The partner'} gave notice:{' '}
      {ended ? 'the partnership ended on' : 'the partnership ends on'} <b>{formatDate(termination.effectiveDate)}</b>.
      {termination.reason ? ` Reason: ${termination.reason}` : ''}
    </Alert>
  );
}
