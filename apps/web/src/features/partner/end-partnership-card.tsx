// End partnership, in the partner's Settings: written notice (section 2 of the agreement) takes effect the
// notice days of the partner's terms version after today; until then nothing changes, and fees for client
// payments of months before that day remain payable. Once given, the card shows the scheduled end, and the
// partner may withdraw its own notice until that day (the firm's notice only the firm can withdraw).

import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useSchemaForm } from '../../lib/use-schema-form';
import { formatDate, givePartnerNoticeInput, type PartnershipEnd } from '@portal/contracts';
import { IconCalendarX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { WithdrawNoticeAction } from '../../components/withdraw-notice-action';
import { trpc } from '../../lib/trpc';
import { ReasonForm, useReasonFormMutation } from '../../layout/reason-form';
import { FreshDialog } from '../../layout/fresh-dialog';
import { SettingsCard } from './settings-card';

function NoticeForm({ ending, onDone }: { ending: PartnershipEnd; onDone: () => void }) {
  const utils = trpc.useUtils();
  const give = trpc.partner.giveNotice.useMutation();
  const form = useSchemaForm(givePartnerNoticeInput, { reason: '' });
  const submit = useReasonFormMutation(form, {
    mutate: give.mutateAsync,
    success: (saved) => ['Notice given', `Your partnership ends on ${formatDate(saved.effectiveDate)}.`],
    refresh: () => Promise.all([utils.partner.partnershipEnd.invalidate(), utils.partner.me.invalidate()]),
    onDone,
    failure: 'Notice not given',
  });
  return (
    <ReasonForm {...submit} reason={form.getInputProps('reason')} submitLabel="Give notice" submitColor="red.9">
      <Text size="sm">
        Your notice takes effect after {ending.noticeDays} days, on <b>{formatDate(ending.noticeEffectiveDate)}</b>.
        Until then nothing changes. From that day you cannot add referrals; fees for client payments of months before it
        remain payable. Until that day you can withdraw it here.
      </Text>
    </ReasonForm>
  );
}

/** "Withdraw notice", confirmed: the partner's own notice, before its day; the partnership then continues. */
function WithdrawNotice({ effectiveDate }: { effectiveDate: string }) {
  const utils = trpc.useUtils();
  const withdraw = trpc.partner.withdrawNotice.useMutation();
  return (
    <WithdrawNoticeAction
      run={() => withdraw.mutateAsync()}
      refresh={() => Promise.all([utils.partner.partnershipEnd.invalidate(), utils.partner.me.invalidate()])}
      withdrawn="Your partnership continues."
    >
      <Text size="sm">
        Your partnership will not end on <b>{formatDate(effectiveDate)}</b>: it continues as before. The program team is
        told by mail.
      </Text>
    </WithdrawNoticeAction>
  );
}

export function EndPartnershipCard() {
  const ending = trpc.partner.partnershipEnd.useQuery();
  const [giving, setGiving] = useState(false);
  const data = ending.data;
  if (ending.isError)
    return (
      <Card withBorder padding="lg" radius="md">
        <Alert color="red">{errorMessage(ending.error, 'Unable to load your partnership.')}</Alert>
      </Card>
    );
  if (!data || (data.status !== 'active' && !data.termination)) return null;
  return (
    <SettingsCard
      title="End partnership"
      description={<>Either party may end the Affiliate Agreement with {data.noticeDays} days&apos; written notice.</>}
      gap="sm"
      align="flex-start"
      testId="end-partnership"
    >
      {data.termination ? (
        <Stack gap="sm" align="flex-start" w="100%">
          <Alert color="orange" variant="light" w="100%" data-testid="partnership-end">
            {data.termination.givenBy === 'partner' ? 'You gave notice' : 'The firm gave notice'}:{' '}
            {data.status === 'inactive' ? 'your partnership ended on' : 'your partnership ends on'}{' '}
            <b>{formatDate(data.termination.effectiveDate)}</b>. Fees for client payments of months before that day
            remain payable.
          </Alert>
          {data.status === 'active' && data.termination.givenBy === 'partner' && (
            <WithdrawNotice effectiveDate={data.termination.effectiveDate} />
          )}
        </Stack>
      ) : (
        <Button
          variant="default"
          leftSection={<IconCalendarX size={16} color="var(--mantine-color-red-text)" />}
          onClick={() => setGiving(true)}
        >
          End partnership
        </Button>
      )}
      <FreshDialog opened={giving} onClose={() => setGiving(false)} title="End partnership">
        <NoticeForm ending={data} onDone={() => setGiving(false)} />
      </FreshDialog>
    </SettingsCard>
  );
}
