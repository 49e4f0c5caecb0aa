// A won client's contract: its start, its end and the day it churned. Fees are earned only while the
// client stays and its contract runs, so a churn or end date that stops the fees earlier voids the
// pending fees of the months after it on the server; the form says so before it is saved.

import { Alert, SimpleGrid, Text, TextInput } from '@mantine/core';
import { MESSAGES, REFERRAL_MESSAGES, formatMonthKey, updateReferralInput, type Referral } from '@portal/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { fieldErrorsOf } from '../../../lib/errors';
import { afterContractChange } from '../../../lib/invalidate';
import { useFormMutationProps } from '../../../lib/use-form-mutation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { trpc } from '../../../lib/trpc';
import { StackedForm } from '../../../layout/form-actions';

export type ContractDeal = Pick<
  Referral,
  'id' | 'clientCompanyName' | 'contractStartDate' | 'contractEndDate' | 'churnDate'
>;

const DATE_FIELDS = ['contractStartDate', 'contractEndDate', 'churnDate'] as const;
type DateField = (typeof DATE_FIELDS)[number];
type ContractValues = { id: string } & Record<DateField, string>;

/** The day a client's fees stop: the earlier of its churn and contract end dates (empty: none). */
export function feesStopDay(dates: Partial<Record<'contractEndDate' | 'churnDate', string | null>>): string | null {
  const days = [dates.contractEndDate, dates.churnDate].filter((day): day is string => Boolean(day));
  return days.length ? days.reduce((first, day) => (day < first ? day : first)) : null;
}

/** The first month whose pending fees the change voids, or null when it stops nothing earlier. */
export function firstVoidedMonth(before: string | null, after: string | null): string | null {
  if (!after || (before !== null && before <= after)) return null;
  const [year, month] = after.slice(0, 7).split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** Only the dates the admin changed: an emptied one is cleared (null). */
function changedDates(deal: ContractDeal, values: ContractValues) {
  const changes: Partial<Record<DateField, string | null>> = {};
  for (const field of DATE_FIELDS) if (values[field] !== (deal[field] ?? '')) changes[field] = values[field] || null;
  return changes;
}

export function ContractDatesForm({ deal, onDone }: { deal: ContractDeal; onDone: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.updateReferral.useMutation();
  const form = useSchemaForm<ContractValues>(updateReferralInput, {
    id: deal.id,
    contractStartDate: deal.contractStartDate ?? '',
    contractEndDate: deal.contractEndDate ?? '',
    churnDate: deal.churnDate ?? '',
  });
  const submit = useFormMutationProps(form, {
    mutate: (values: ContractValues) => update.mutateAsync({ id: deal.id, ...changedDates(deal, values) }),
    success: (saved) => ['Contract saved', `The contract dates of ${saved.clientCompanyName} are saved.`],
    refresh: () => afterContractChange(utils),
    onDone,
    failure: 'Contract not saved',
    fieldErrors: (error) =>
      fieldErrorsOf(error, {
        contractEndDate: [REFERRAL_MESSAGES.contractEndBeforeStart],
        churnDate: [MESSAGES.invalidDate],
      }),
  });
  const voidsFrom = firstVoidedMonth(feesStopDay(deal), feesStopDay(form.values));
  const unchanged = Object.keys(changedDates(deal, form.values)).length === 0;
  return (
    <StackedForm {...submit} submitLabel="Save contract" submitDisabled={unchanged}>
      <Text size="sm">
        Fees of <b>{deal.clientCompanyName}</b> are earned for each month its contract runs and the client stays, up to
        the month of its contract end or churn date.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="Contract start" type="date" {...form.getInputProps('contractStartDate')} data-autofocus />
        <TextInput label="Contract end" type="date" {...form.getInputProps('contractEndDate')} />
        <TextInput
          label="Churn date"
          description="The day the client leaves or left"
          type="date"
          {...form.getInputProps('churnDate')}
        />
      </SimpleGrid>
      {voidsFrom && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="voids-from"
        >
          Pending fees for {formatMonthKey(voidsFrom)} and later months will be voided, and the partner is told by mail.
          Fees already paid or in a payout stay.
        </Alert>
      )}
    </StackedForm>
  );
}
