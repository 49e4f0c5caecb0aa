// Ending a partnership and forfeiting its fees, on the admin's partner page: "End partnership" records
// written notice by either party (effective the notice days of the partner's terms after today unless a
// later day is chosen) and the page then shows the scheduled end; "Forfeit fees" voids every unpaid fee
// for a breach of non-solicitation, confirmed with the count and total it voids. Until its day, a notice (either
// party's) can be withdrawn with "Withdraw notice": the partnership continues and the partner is told by mail.

import { Alert, Button, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import {
  ENDING_MESSAGES,
  PROGRAM_TERMS_MESSAGES,
  forfeitFeesInput,
  formatDate,
  formatMoney,
  terminatePartnerInput,
  todayIsoDate,
  type AdminPartnershipEnd,
  type PartnerStatus,
} from '@portal/contracts';
import { IconCalendarX, IconCoinOff } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../../lib/errors';
import { WithdrawNoticeAction } from '../../../../components/withdraw-notice-action';
import { afterCommissionChange, afterPartnerDecision } from '../../../../lib/invalidate';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { ReasonForm, useReasonFormMutation } from '../../../../layout/reason-form';
import { FreshDialog } from '../../../../layout/fresh-dialog';

interface Partner {
  id: string;
  companyName: string;
}

/** A dialog's form: the partner, where its partnership stands, and the dialog's close. */
interface EndingFormProps {
  partner: Partner;
  ending: AdminPartnershipEnd;
  onDone: () => void;
}

/** Every admin view (the ending, the status, the lists and totals) and the fee lists. */
function useRefresh() {
  const utils = trpc.useUtils();
  return () => Promise.all([afterPartnerDecision(utils), afterCommissionChange(utils)]);
}

type EndValues = { id: string; givenBy: 'firm' | 'partner'; reason: string; effectiveDate: string };

function EndPartnershipForm({ partner, ending, onDone }: EndingFormProps) {
  const refresh = useRefresh();
  const terminate = trpc.admin.terminatePartner.useMutation();
  const form = useSchemaForm<EndValues>(terminatePartnerInput, {
    id: partner.id,
    givenBy: 'firm',
    reason: '',
    effectiveDate: ending.noticeEffectiveDate,
  });
  const submit = useReasonFormMutation(form, {
    mutate: terminate.mutateAsync,
    success: (saved) =>
      saved.status === 'inactive'
        ? ['Partnership ended', `${partner.companyName} is inactive from today.`]
        : ['Notice recorded', `${partner.companyName}'s partnership ends on ${formatDate(saved.effectiveDate)}.`],
    refresh,
    onDone,
    failure: 'Partnership not ended',
    fieldErrors: (error) =>
      fieldErrorsOf(error, {
        effectiveDate: [ENDING_MESSAGES.effectiveBeforeToday, PROGRAM_TERMS_MESSAGES.effectiveFrom],
        reason: [PROGRAM_TERMS_MESSAGES.reasonRequired],
      }),
  });
  return (
    <ReasonForm
      {...submit}
      reason={form.getInputProps('reason')}
      after={
        <TextInput
          label="Effective date"
          description={`Default: ${ending.noticeDays} days' notice of the partner's terms`}
          type="date"
          required
          min={todayIsoDate()}
          {...form.getInputProps('effectiveDate')}
        />
      }
      submitLabel="End partnership"
      submitColor="red.9"
    >
      <Text size="sm">
        Record written notice ending the Affiliate Agreement with <b>{partner.companyName}</b>. Until the effective date
        nothing changes; from it the partner is inactive and cannot add referrals. Fees for client payments of months
        before it remain payable.
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
    </ReasonForm>
  );
}

function ForfeitFeesForm({ partner, ending, onDone }: EndingFormProps) {
  const refresh = useRefresh();
  const forfeit = trpc.admin.forfeitPartnerFees.useMutation();
  const form = useSchemaForm(forfeitFeesInput, { id: partner.id, reason: '' });
  const { count, amount } = ending.unpaidFees;
  const submit = useReasonFormMutation(form, {
    mutate: forfeit.mutateAsync,
    success: (saved) => [
      'Fees forfeited',
      `${saved.voided} unpaid ${saved.voided === 1 ? 'fee' : 'fees'} of ${formatMoney(saved.amount)} voided and the future fees forfeited; ${partner.companyName} is told by mail.`,
    ],
    refresh,
    onDone,
    failure: 'Fees not forfeited',
  });
  return (
    <ReasonForm
      {...submit}
      reason={{ placeholder: 'e.g. Solicited a client of the firm', ...form.getInputProps('reason') }}
      submitLabel={count === 0 ? 'Forfeit future fees' : `Forfeit ${formatMoney(amount)}`}
      submitColor="red.9"
    >
      <Alert color="red" variant="light" data-testid="forfeit-summary">
        This voids {count} unpaid {count === 1 ? 'fee' : 'fees'} of {partner.companyName}, {formatMoney(amount)} in all
        (section 5 of the agreement, non-solicitation),{' '}
        {ending.feesForfeitedAt
          ? `whose future fees were forfeited on ${formatDate(ending.feesForfeitedAt.slice(0, 10))}.`
          : 'and forfeits its future fees: from now on no client payment earns it a fee.'}{' '}
        Paid fees stay paid. The voided fees show on the partner&apos;s statement with the reason.
      </Alert>
    </ReasonForm>
  );
}

/** "Withdraw notice", confirmed: the notice given (by either party) is withdrawn before its day. */
function WithdrawNotice({ partner, effectiveDate }: { partner: Partner; effectiveDate: string }) {
  const refresh = useRefresh();
  const withdraw = trpc.admin.withdrawNotice.useMutation();
  return (
    <WithdrawNoticeAction
      run={() => withdraw.mutateAsync({ id: partner.id })}
      refresh={refresh}
      withdrawn={`${partner.companyName}'s partnership continues; they are told by mail.`}
    >
      <Text size="sm">
        <b>{partner.companyName}</b>&apos;s partnership will not end on <b>{formatDate(effectiveDate)}</b>: it continues
        as before, and the partner is told by mail.
      </Text>
    </WithdrawNoticeAction>
  );
}

/**
 * An applicant not yet approved, or turned down, has no partnership: its link takes no visits or
 * bookings and it earns nothing, so its page is the application and its activity alone.
 */
export const hasPartnership = (status: PartnerStatus) => status !== 'pending' && status !== 'rejected';

/** The page's buttons (administrators, partners:approve) and their dialogs. */
export function PartnershipEndActions({ partner }: { partner: Partner & { status: string } }) {
  const canDecide = useCan('partners:approve');
  const ending = trpc.admin.partnershipEnd.useQuery({ id: partner.id }, { enabled: canDecide });
  const [open, setOpen] = useState<'end' | 'forfeit' | null>(null);
  const close = () => setOpen(null);
  if (!canDecide || !ending.data) return null;
  const canEnd = ending.data.status === 'active' && ending.data.termination === null;
  const nothingToForfeit = ending.data.feesForfeitedAt !== null && ending.data.unpaidFees.count === 0;
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
      {ending.data.status === 'active' && ending.data.termination && (
        <WithdrawNotice partner={partner} effectiveDate={ending.data.termination.effectiveDate} />
      )}
      {hasPartnership(ending.data.status) && (
        <Button
          variant="default"
          leftSection={<IconCoinOff size={16} color="var(--mantine-color-red-text)" />}
          disabled={nothingToForfeit}
          title={nothingToForfeit ? 'Fees forfeited; none is unpaid' : undefined}
          onClick={() => setOpen('forfeit')}
        >
          Forfeit fees
        </Button>
      )}
      <FreshDialog opened={open === 'end'} onClose={close} title="End partnership">
        <EndPartnershipForm partner={partner} ending={ending.data} onDone={close} />
      </FreshDialog>
      <FreshDialog opened={open === 'forfeit'} onClose={close} title="Forfeit unpaid and future fees">
        <ForfeitFeesForm partner={partner} ending={ending.data} onDone={close} />
      </FreshDialog>
    </>
  );
}

/** The scheduled (or past) end of the partnership, when notice was given. */
export function PartnershipEndNotice({ partnerId }: { partnerId: string }) {
  const ending = trpc.admin.partnershipEnd.useQuery({ id: partnerId });
  const termination = ending.data?.termination;
  const forfeitedAt = ending.data?.feesForfeitedAt;
  const ended = ending.data?.status === 'inactive';
  return (
    <>
      {termination && (
        <Alert color={ended ? 'gray' : 'yellow'} variant="light" data-testid="partnership-end">
          <Text size="sm" fw={700} component="span" display="block">
            {ended ? 'Partnership ended' : 'Partnership ending'}
          </Text>
          {termination.givenBy === 'firm' ? 'The firm' : 'The partner'} gave notice:{' '}
          {ended ? 'the partnership ended on' : 'the partnership ends on'}{' '}
          <b>{formatDate(termination.effectiveDate)}</b>.{termination.reason ? ` Reason: ${termination.reason}` : ''}
        </Alert>
      )}
      {forfeitedAt && (
        <Alert color="red" variant="light" data-testid="fees-forfeited">
          <Text size="sm" fw={700} component="span" display="block">
            Fees forfeited
          </Text>
          On <b>{formatDate(forfeitedAt.slice(0, 10))}</b> the partner forfeited its unpaid and future fees (section 5,
          non-solicitation): no client payment earns it a fee from then on.
        </Alert>
      )}
    </>
  );
}
