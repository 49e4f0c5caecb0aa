// Monthly accrual from the admin screen: pick a month (default: the month just ended), 'Run
// accrual', see how many commissions were created and how many active referrals already had one. One run
// at a time: the button is busy from the first click until the answer.

import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { COMMISSION_MESSAGES } from '@portal/contracts';
import { formatMonthKey, MESSAGES, MONTH_KEY, monthKey, previousMonthKey } from '@portal/contracts/plain';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { afterCommissionChange } from '../../../lib/invalidate';
import { trpc } from '../../../lib/trpc';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { MonthInput } from '../../../components/month-input';

export interface AccrualOutcome {
  month: string;
  created: number;
  skipped: number;
}

/** The month check of the form; the server checks again. */
export function accrualMonthError(month: string, now: Date): string | null {
  if (!MONTH_KEY.test(month)) return MESSAGES.invalidMonth;
  if (month > monthKey(now)) return MESSAGES.futureMonth;
  return null;
}

export function accrualSummary(result: AccrualOutcome): string {
  const created = `${result.created} ${result.created === 1 ? 'commission' : 'commissions'} created`;
  return `${formatMonthKey(result.month)}: ${created}, ${result.skipped} skipped (already accrued)`;
}

export function AccrualForm({
  onSubmit,
  submitting,
  result,
  now = new Date(),
}: {
  onSubmit: (month: string) => void;
  submitting: boolean;
  result: AccrualOutcome | null;
  now?: Date;
}) {
  const [month, setMonth] = useState(() => previousMonthKey(now));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = accrualMonthError(month, now);
    setError(problem);
    if (!problem) onSubmit(month);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <MonthInput
            label="Month"
            value={month}
            max={monthKey(now)}
            onChange={setMonth}
            error={error}
            w={{ base: '100%', xs: 220 }}
          />
          <Button type="submit" leftSection={<IconCalendarPlus size={16} />} loading={submitting}>
            Run accrual
          </Button>
        </Group>
        {submitting ? (
          <Group gap="xs" role="status" data-testid="accrual-running">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Accruing {formatMonthKey(month)}… this can take a moment for a large program.</Text>
          </Group>
        ) : (
          result && (
            <Text size="sm" data-testid="accrual-result" role="status">
              {accrualSummary(result)}
            </Text>
          )
        )}
      </Stack>
    </form>
  );
}

export function AccrualPanel() {
  const utils = trpc.useUtils();
  const [result, setResult] = useState<AccrualOutcome | null>(null);
  const accrue = trpc.admin.accrue.useMutation({
    onSuccess: async (outcome) => {
      setResult(outcome);
      notifySuccess(COMMISSION_MESSAGES.accrualDone, accrualSummary(outcome));
      await afterCommissionChange(utils);
    },
    onError: (error) => notifyFailure(COMMISSION_MESSAGES.accrualFailed, error),
  });
  // The mutation's own callbacks say how it went, so a failure is not thrown again.
  const accrueOnce = useSubmitOnce(async (month: string) => {
    await accrue.mutateAsync({ month }).catch(() => undefined);
  });

  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} size="h4">
        Monthly Accrual
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Creates one pending commission for every client active in the month. Running it again for the same month adds
        nothing.
      </Text>
      <AccrualForm onSubmit={(month) => void accrueOnce.run(month)} submitting={accrueOnce.pending} result={result} />
    </Card>
  );
}
