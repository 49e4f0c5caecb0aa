// Add adjustment: a bonus or a clawback for an active or suspended partner, with a
// required reason, optionally for a month other than the current one. The server makes it a
// pending commission, paid (or deducted) with the partner's next payout, and mails the partner.

import { SegmentedControl, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adjustmentInput, COMMISSION_MESSAGES, type CommissionKind } from '@portal/contracts';
import { formatMoney, monthKey } from '@portal/contracts/plain';
import { useState } from 'react';
import { afterCommissionChange } from '../../../lib/invalidate';
import { trpc, type RouterInputs } from '../../../lib/trpc';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { StackedForm } from '../../../layout/form-actions';
import { FreshDialog } from '../../../layout/fresh-dialog';
import { PartnerPicker, type PartnerOption } from '../partners/partner-picker';
import { MonthInput } from '../../../components/month-input';

/** Adjustments are for partners who can still be paid (the server refuses the others with 422). */
const ADJUSTABLE_STATUSES = ['active', 'suspended'] as const;

export interface AdjustmentValues {
  partnerId: string;
  kind: Exclude<CommissionKind, 'recurring'>;
  /** Entered without a sign; the kind gives it. */
  amount: string;
  reason: string;
  month: string;
}

/** The form's words for its unsigned amount (the API's own words allow a sign). */
export const ADJUSTMENT_SIGN_MESSAGE = 'Enter the amount without a sign: Bonus or Clawback gives it';
const UNSIGNED_AMOUNT_MESSAGE = 'The amount must be a number above 0 with at most two decimals, e.g. 250.00';

/** The API's signed amount: a clawback is negative. */
export function toAdjustmentPayload(values: AdjustmentValues): RouterInputs['admin']['addAdjustment'] {
  const amount = values.amount.trim().replace(/^[-+]/, '');
  return {
    partnerId: values.partnerId,
    amount: values.kind === 'clawback' ? `-${amount}` : amount,
    reason: values.reason,
    month: values.month,
  };
}

export function AdjustmentForm({
  initialPartner,
  now,
  onSubmit,
  onCancel,
  submitting,
}: {
  initialPartner: PartnerOption | null;
  now: Date;
  onSubmit: (values: AdjustmentValues) => void | Promise<void>;
  onCancel: () => void;
  submitting: boolean;
}) {
  const [partner, setPartner] = useState<PartnerOption | null>(initialPartner);
  const form = useForm<AdjustmentValues>({
    mode: 'controlled',
    initialValues: { partnerId: initialPartner?.id ?? '', kind: 'bonus', amount: '', reason: '', month: monthKey(now) },
    validate: (values) => {
      const errors = schemaResolver(adjustmentInput, { sync: true })(values);
      if (!values.partnerId) errors.partnerId = 'Choose a partner';
      // The kind gives the sign: a signed amount here would be silently turned around.
      if (/^\s*[-+]/.test(values.amount)) errors.amount = ADJUSTMENT_SIGN_MESSAGE;
      else if (/^The amount (must be a number|cannot be zero)/.test(String(errors.amount ?? '')))
        errors.amount = UNSIGNED_AMOUNT_MESSAGE;
      return errors;
    },
  });
  return (
    <StackedForm
      onSubmit={form.onSubmit(async (values) => onSubmit(values))}
      mt="xs"
      onCancel={onCancel}
      pending={submitting}
      submitLabel={form.values.kind === 'clawback' ? 'Add clawback' : 'Add bonus'}
    >
      <PartnerPicker
        label="Partner"
        placeholder="Search partners"
        required
        statuses={ADJUSTABLE_STATUSES}
        value={partner?.id ?? null}
        initial={initialPartner}
        error={form.errors.partnerId}
        onChange={(_id, next) => {
          setPartner(next);
          form.setFieldValue('partnerId', next?.id ?? '');
        }}
      />
      <SegmentedControl
        aria-label="Kind"
        fullWidth
        // On a phone the two explained choices wrap onto two lines instead of running out of the dialog.
        styles={{ label: { whiteSpace: 'normal' } }}
        data={[
          { value: 'bonus', label: 'Bonus (pays more)' },
          { value: 'clawback', label: 'Clawback (takes back)' },
        ]}
        {...form.getInputProps('kind')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Amount"
          required
          inputMode="decimal"
          leftSection="$"
          description="At most $100,000.00"
          {...form.getInputProps('amount')}
        />
        <MonthInput
          label="For month"
          required
          value={form.values.month}
          onChange={(month) => form.setFieldValue('month', month)}
          error={form.errors.month}
        />
      </SimpleGrid>
      <Textarea
        label="Reason"
        required
        autosize
        minRows={2}
        maxLength={500}
        description="The partner reads it in the mail and on the commission."
        {...form.getInputProps('reason')}
      />
      {form.values.kind === 'clawback' && (
        <Text size="sm" c="dimmed">
          A clawback is deducted from the partner&apos;s next payout; a payout that would net to zero or less is
          refused.
        </Text>
      )}
    </StackedForm>
  );
}

export function AdjustmentDialog({
  opened,
  onClose,
  partner = null,
}: {
  opened: boolean;
  onClose: () => void;
  partner?: PartnerOption | null;
}) {
  const utils = trpc.useUtils();
  const add = trpc.admin.addAdjustment.useMutation();

  const submit = useFormMutation({
    mutate: (values: AdjustmentValues) => add.mutateAsync(toAdjustmentPayload(values)),
    // A clawback's amount is negative; the toast names what it takes back, without the sign.
    success: (created) => [
      COMMISSION_MESSAGES.adjustmentAdded,
      `${created.kind === 'bonus' ? 'Bonus' : 'Clawback'} of ${formatMoney(created.amount.replace(/^-/, ''))} is pending.`,
    ],
    refresh: () => afterCommissionChange(utils),
    onDone: onClose,
    failure: 'Could not add the adjustment',
  });

  return (
    <FreshDialog opened={opened} onClose={onClose} title="Add adjustment">
      <AdjustmentForm
        initialPartner={partner}
        now={new Date()}
        onSubmit={(values) => void submit.run(values)}
        onCancel={onClose}
        submitting={submit.pending}
      />
    </FreshDialog>
  );
}
