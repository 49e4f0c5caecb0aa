// The Won step of the pipeline: as Lost asks for a reason, Won asks for the signing date (default today)
// and the client's annual sales, and tells the admin before confirming when the deal will not be a
// qualifying client and why. The server answers that (admin.wonPreview) by the same steps as the move,
// so the warning and the outcome agree.

import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  MESSAGES,
  PROGRAM_TERMS_MESSAGES,
  formatDate,
  formatMoney,
  todayIsoDate,
  type Referral,
} from '@portal/contracts';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { FreshItemDialog } from '../../../layout/fresh-dialog';

export interface WonValues {
  signedAt: string;
  /** Empty: the sales are not recorded. */
  annualSales: string;
}

const FIELD_MESSAGES = {
  signedAt: [PROGRAM_TERMS_MESSAGES.signedInFuture, PROGRAM_TERMS_MESSAGES.signedAt, MESSAGES.invalidDate],
  annualSales: [PROGRAM_TERMS_MESSAGES.annualSales],
} as const;

function WonForm({
  deal,
  onCancel,
  onConfirm,
}: {
  deal: Referral;
  onCancel: () => void;
  onConfirm: (values: WonValues) => void;
}) {
  const [values, setValues] = useState<WonValues>({
    signedAt: todayIsoDate(),
    annualSales: deal.annualSales ?? '',
  });
  const [asked] = useDebouncedValue(values, 300);
  const preview = trpc.admin.wonPreview.useQuery(
    { id: deal.id, signedAt: asked.signedAt, annualSales: asked.annualSales.trim() },
    // Asked afresh each time the dialog opens: the window or the sales may have changed since.
    { retry: false, gcTime: 0, placeholderData: (previous) => previous },
  );
  const fieldErrors = preview.error ? fieldErrorsOf(preview.error, FIELD_MESSAGES) : {};
  const otherError =
    preview.error && Object.keys(fieldErrors).length === 0
      ? errorMessage(preview.error, 'Unable to check the deal.')
      : null;
  const settled = asked === values && !preview.isFetching;
  const outcome = preview.error ? null : preview.data;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (settled && outcome) onConfirm({ signedAt: values.signedAt, annualSales: values.annualSales.trim() });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          When did <b>{deal.clientCompanyName}</b> sign its service agreement, and what are its annual sales?
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            id={`won-signed-${deal.id}`}
            label="Signing date"
            type="date"
            required
            max={todayIsoDate()}
            value={values.signedAt}
            onChange={(event) => {
              const signedAt = event.currentTarget.value;
              setValues((current) => ({ ...current, signedAt }));
            }}
            error={fieldErrors.signedAt}
            data-autofocus
          />
          <TextInput
            id={`won-sales-${deal.id}`}
            label="Annual sales ($)"
            description="Annual gross eCommerce sales"
            inputMode="decimal"
            placeholder="Not recorded"
            value={values.annualSales}
            onChange={(event) => {
              const annualSales = event.currentTarget.value;
              setValues((current) => ({ ...current, annualSales }));
            }}
            error={fieldErrors.annualSales}
          />
        </SimpleGrid>
        {otherError && (
          <Alert color="red" variant="light">
            {otherError}
          </Alert>
        )}
        {outcome &&
          (outcome.overridden ? (
            <Alert color="blue" variant="light" data-testid="won-outcome">
              An admin decided whether this client qualifies; that decision stands.
            </Alert>
          ) : outcome.qualifying ? (
            <Alert
              color="teal"
              variant="light"
              icon={<IconCircleCheck size={18} aria-hidden />}
              data-testid="won-outcome"
              data-qualifying
            >
              A qualifying client: signed within its window
              {outcome.qualifiesBy ? ` (ends ${formatDate(outcome.qualifiesBy)})` : ''} with annual sales of at least{' '}
              {formatMoney(outcome.minAnnualSales)}. It earns fees.
            </Alert>
          ) : (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="won-outcome"
            >
              <Text size="sm" fw={700} component="span" display="block">
                This deal will not qualify
              </Text>
              Won, but not a qualifying client: {outcome.reason}. It earns no fees unless an admin decides otherwise.
            </Alert>
          ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="teal.9" disabled={!outcome} loading={!settled}>
            Mark as Won
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for the signing date and the annual sales of the deal being won; nothing is stored until confirmed. */
export function WonDialog({
  deal,
  onCancel,
  onConfirm,
}: {
  deal: Referral | null;
  onCancel: () => void;
  onConfirm: (values: WonValues) => void;
}) {
  return (
    <FreshItemDialog item={deal} onClose={onCancel} title="Mark deal as won" size="lg">
      {(deal) => <WonForm key={deal.id} deal={deal} onCancel={onCancel} onConfirm={onConfirm} />}
    </FreshItemDialog>
  );
}
