// Stripe events the portal could not place by itself, in the client payments panel: an invoice whose
// customer is no won client (matched here to the client it was for, which records the payment and earns
// its fee) and a refund of no recorded payment (dismissed once an admin has handled it).

import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMoney, formatMonthKey } from '@portal/contracts/plain';
import { IconLink, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { afterCommissionChange } from '../../../lib/invalidate';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { useWonClientPicker } from './won-client-picker';
import { StackedForm } from '../../../layout/form-actions';
import { FreshDialog } from '../../../layout/fresh-dialog';

type StripeEvent = RouterOutputs['admin']['unmatchedStripePayments'][number];

export function UnmatchedStripePayments() {
  const utils = trpc.useUtils();
  const unmatched = trpc.admin.unmatchedStripePayments.useQuery();
  const [matching, setMatching] = useState<StripeEvent | null>(null);
  const dismiss = trpc.admin.dismissStripeEvent.useMutation({
    onSuccess: async () => {
      notifySuccess('Stripe event dismissed', 'It no longer waits here.');
      await utils.admin.unmatchedStripePayments.invalidate();
    },
    onError: (e) => notifyFailure('The event was not dismissed', e),
  });
  const events = unmatched.data ?? [];
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="unmatched-stripe-title" data-testid="unmatched-stripe">
      <Title order={3} size="h5" mt="lg" mb={4} id="unmatched-stripe-title">
        Stripe payments to match ({events.length})
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Stripe sent these, but no won client has the customer&apos;s email (or a refund names no recorded payment).
      </Text>
      <Stack gap="xs">
        {events.map((event) => (
          <Card key={event.eventId} withBorder padding="sm" radius="md" data-testid="unmatched-stripe-event">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0, flex: '1 1 240px' }}>
                <Group gap={6} wrap="wrap">
                  <Badge size="sm" variant="light" color={event.type === 'invoice.paid' ? 'blue' : 'orange'}>
                    {event.type === 'invoice.paid' ? 'Invoice paid' : 'Refund'}
                  </Badge>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {event.customerEmail ?? event.customerId ?? 'Unknown customer'}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {event.amount ? formatMoney(event.amount) : '—'}
                  {event.periodMonth ? ` for ${formatMonthKey(event.periodMonth)}` : ''}
                  {event.paidAt ? ` · paid ${formatDate(event.paidAt)}` : ''} · {event.invoiceId ?? event.eventId}
                </Text>
                {event.detail && (
                  <Text size="xs" c="dimmed">
                    {event.detail}
                  </Text>
                )}
              </div>
              <Group gap="xs">
                {event.type === 'invoice.paid' && (
                  <Button size="compact-sm" leftSection={<IconLink size={14} />} onClick={() => setMatching(event)}>
                    Match to client
                  </Button>
                )}
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconX size={14} />}
                  loading={dismiss.isPending && dismiss.variables?.eventId === event.eventId}
                  onClick={() => dismiss.mutate({ eventId: event.eventId })}
                  aria-label={`Dismiss the Stripe event of ${event.customerEmail ?? event.eventId}`}
                >
                  Dismiss
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <MatchDialog
        event={matching}
        onClose={() => setMatching(null)}
        onMatched={async () => {
          setMatching(null);
          await Promise.all([
            utils.admin.unmatchedStripePayments.invalidate(),
            utils.admin.clientsMissingPayment.invalidate(),
            afterCommissionChange(utils),
          ]);
        }}
      />
    </section>
  );
}

/** Match to client: each opening starts with no partner and no client chosen. */
function MatchDialog({
  event,
  onClose,
  onMatched,
}: {
  event: StripeEvent | null;
  onClose: () => void;
  onMatched: () => Promise<void>;
}) {
  return (
    <FreshDialog opened={event !== null} onClose={onClose} title="Match a Stripe payment to a client">
      {event && <MatchForm event={event} onClose={onClose} onMatched={onMatched} />}
    </FreshDialog>
  );
}

function MatchForm({
  event,
  onClose,
  onMatched,
}: {
  event: StripeEvent;
  onClose: () => void;
  onMatched: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const client = useWonClientPicker(error);
  const referralId = client.referralId;
  const match = trpc.admin.matchStripePayment.useMutation({
    onSuccess: async (result) => {
      notifySuccess('Payment matched', result.detail);
      await onMatched();
    },
    onError: (e) => notifyFailure('The payment was not matched', e),
  });
  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (!referralId) return setError('Choose the client');
    setError(null);
    match.mutate({ eventId: event.eventId, referralId });
  }
  return (
    <StackedForm onSubmit={submit} onCancel={onClose} pending={match.isPending} submitLabel="Record payment">
      <Text size="sm">
        {event.amount ? formatMoney(event.amount) : '—'}
        {event.periodMonth ? ` for ${formatMonthKey(event.periodMonth)}` : ''} from{' '}
        <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
          {event.customerEmail ?? event.customerId ?? 'an unknown customer'}
        </Text>
      </Text>
      {client.fields}
    </StackedForm>
  );
}
