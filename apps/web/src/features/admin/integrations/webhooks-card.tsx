// Webhooks of internal tools: endpoints (secret shown once), enable, rotate the secret,
// "Send test event", and the selected endpoint's recent deliveries with resend.

import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { ConfirmedItemDialog } from '../../../layout/confirmed-action';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  createWebhookInput,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_TYPES,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '@portal/contracts';
import { IconDots, IconPlus, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { StackedForm } from '../../../layout/form-actions';
import { FreshDialog } from '../../../layout/fresh-dialog';
import { errorMessage, httpStatusOf } from '../../../lib/errors';
import { useIdempotentCreate, useSubmitOnce } from '../../../lib/use-submit-once';
import { afterWebhookChange, afterWebhookDelivery } from '../../../lib/invalidate';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { trpc, type RouterInputs } from '../../../lib/trpc';
import { ACTIONS_COLUMN, ColumnTable } from '../../../components/column-table';
import { ListSection, QueryList } from '../../../components/list-section';
import { formatDateTime } from '../emails/email-log';
import { ShownOnce } from './shown-once';
import { NameBadges, NameCheckboxes } from './name-badges';
import { MonoText } from '../../../components/mono-text';

interface WebhookFormValues {
  url: string;
  events: WebhookEventType[];
  description: string;
}

const EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type }));

export function CreateWebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (secret: string) => void;
  onCancel: () => void;
}) {
  const utils = trpc.useUtils();
  const form = useSchemaForm<WebhookFormValues>(createWebhookInput, { url: '', events: [], description: '' });
  // A retry after a lost answer (the same values) carries the same key, so it answers the same secret.
  const send = useIdempotentCreate((input: RouterInputs['admin']['createWebhook'], options) =>
    utils.client.admin.createWebhook.mutate(input, options),
  );
  const create = useSubmitOnce(async (values: WebhookFormValues) => {
    try {
      const created = await send({
        url: values.url,
        events: values.events,
        ...(values.description.trim() ? { description: values.description } : {}),
      });
      await afterWebhookChange(utils);
      onCreated(created.secret);
    } catch (error) {
      notifyFailure('Unable to add the webhook', error);
      // The form checks the fields the schema knows; what the server refuses beyond them is the address.
      const status = httpStatusOf(error);
      if (status === 400 || status === 422) form.setFieldError('url', errorMessage(error));
    }
  });
  return (
    <StackedForm
      onSubmit={form.onSubmit(create.run)}
      mt="sm"
      onCancel={onCancel}
      pending={create.pending}
      submitLabel="Add webhook"
    >
      <TextInput
        label="URL"
        description="https only; the address must be public"
        placeholder="https://tools.example.com/hooks/portal"
        required
        data-autofocus
        {...form.getInputProps('url')}
      />
      <Textarea label="Description" autosize minRows={1} {...form.getInputProps('description')} />
      <NameCheckboxes label="Events" choices={EVENT_CHOICES} {...form.getInputProps('events')} />
    </StackedForm>
  );
}

/** Shows a signing secret once: after adding an endpoint or rotating its secret. */
function SecretDialog({ secret, title, onClose }: { secret: string | null; title: string; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} size="lg" closeOnClickOutside={false}>
      {secret && (
        <ShownOnce label="signing secret" value={secret} onDone={onClose}>
          <Text size="sm" c="dimmed">
            Verify each delivery&apos;s webhook-signature header with it (Standard Webhooks).
          </Text>
        </ShownOnce>
      )}
    </Modal>
  );
}

// Filled shades whose label keeps at least 4.5:1 contrast (as the partner status badges).
const DELIVERY_COLOURS: Record<WebhookDelivery['status'], string> = {
  pending: 'blue.9',
  delivered: 'teal.9',
  failed: 'red.9',
};

/** A fact of a delivery's last attempt, or an em dash before the first. */
function lastAttempt(
  delivery: WebhookDelivery,
  fact: (last: WebhookDelivery['attempts'][number]) => ReactNode,
): ReactNode {
  const last = delivery.attempts.at(-1);
  return last ? fact(last) : '—';
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const utils = trpc.useUtils();
  const deliveries = trpc.admin.webhookDeliveries.useQuery(
    { id: webhook.id },
    { refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 2000 : false) },
  );
  const resend = trpc.admin.resendWebhookDelivery.useMutation();
  async function resendOne(delivery: WebhookDelivery) {
    try {
      await resend.mutateAsync({ id: webhook.id, deliveryId: delivery.id });
      notifySuccess('Delivery queued again', `${delivery.eventType} to ${webhook.url}`);
      await afterWebhookDelivery(utils);
    } catch (error) {
      notifyFailure('Unable to resend', error);
    }
  }
  return (
    <Stack gap="xs" mt="md" component="section" aria-label={`Recent deliveries to ${webhook.url}`}>
      <Title order={3} size="h5">
        Recent deliveries to{' '}
        <MonoText span size="sm">
          {webhook.url}
        </MonoText>
      </Title>
      <QueryList
        query={deliveries}
        failure="Unable to load the deliveries."
        loading="Loading deliveries"
        py="md"
        empty={<>No deliveries yet. Use &quot;Send test event&quot; to try the endpoint.</>}
      >
        {(data) => (
          <ColumnTable
            verticalSpacing="xs"
            minWidth={760}
            data-testid="webhook-deliveries"
            rows={data.items}
            columns={[
              {
                header: 'Event',
                card: 'title',
                cell: (delivery) => <MonoText>{delivery.eventType}</MonoText>,
              },
              {
                header: 'Status',
                card: 'aside',
                cell: (delivery) => (
                  <Badge
                    color={DELIVERY_COLOURS[delivery.status]}
                    variant="filled"
                    autoContrast
                    style={{ minWidth: 'max-content' }}
                  >
                    {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
                  </Badge>
                ),
              },
              {
                header: 'Last attempt',
                noWrap: true,
                cell: (delivery) => lastAttempt(delivery, (last) => formatDateTime(last.attemptedAt)),
              },
              {
                header: 'Code',
                numeric: true,
                cell: (delivery) => lastAttempt(delivery, (last) => last.statusCode ?? '—'),
              },
              {
                header: 'Duration',
                numeric: true,
                noWrap: true,
                cell: (delivery) => lastAttempt(delivery, (last) => `${last.durationMs} ms`),
              },
              {
                header: 'Error',
                maxWidth: 240,
                card: 'full',
                cell: (delivery) => {
                  const error = delivery.attempts.at(-1)?.error;
                  return (
                    <Text
                      size="sm"
                      c={error ? 'var(--mantine-color-error)' : 'dimmed'}
                      lineClamp={2}
                      title={error ?? undefined}
                    >
                      {error ?? '—'}
                    </Text>
                  );
                },
              },
              { header: 'Attempts', numeric: true, cell: (delivery) => delivery.attempts.length },
              {
                ...ACTIONS_COLUMN,
                cell: (delivery) => (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRefresh size={14} />}
                    disabled={resend.isPending}
                    onClick={() => void resendOne(delivery)}
                    aria-label={`Resend ${delivery.eventType}`}
                  >
                    Resend
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryList>
    </Stack>
  );
}

function DeleteWebhookDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.admin.deleteWebhook.useMutation();
  return (
    <ConfirmedItemDialog
      item={webhook}
      onClose={onClose}
      title="Delete webhook"
      confirmLabel="Delete webhook"
      run={(hook) => remove.mutateAsync({ id: hook.id })}
      refresh={() => afterWebhookChange(utils)}
      success={(hook) => ['Webhook deleted', hook.url]}
      failure="Unable to delete the webhook"
    >
      <Text style={{ overflowWrap: 'anywhere' }}>
        Delete the webhook to <strong>{webhook?.url}</strong> with its delivery history? Events are no longer sent to
        it.
      </Text>
    </ConfirmedItemDialog>
  );
}

export function WebhooksCard() {
  const utils = trpc.useUtils();
  const webhooks = trpc.admin.webhooks.useQuery();
  const update = trpc.admin.updateWebhook.useMutation();
  const test = trpc.admin.sendWebhookTestEvent.useMutation();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ value: string; title: string } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  async function change(webhook: Webhook, patch: { enabled?: boolean; rotateSecret?: boolean }) {
    try {
      const updated = await update.mutateAsync({ id: webhook.id, ...patch });
      if (updated.secret) setSecret({ value: updated.secret, title: 'New signing secret' });
      else notifySuccess(updated.enabled ? 'Webhook enabled' : 'Webhook disabled', webhook.url);
      await afterWebhookChange(utils);
    } catch (error) {
      notifyFailure('Unable to change the webhook', error);
    }
  }

  async function sendTest(webhook: Webhook) {
    try {
      await test.mutateAsync({ id: webhook.id });
      notifySuccess('Test event queued', `webhook.test to ${webhook.url}`);
      setSelected(webhook.id);
      await afterWebhookDelivery(utils);
    } catch (error) {
      notifyFailure('Unable to send the test event', error);
    }
  }

  const shown = webhooks.data?.find((w) => w.id === selected) ?? webhooks.data?.[0];

  return (
    <ListSection
      id="webhooks-title"
      title="Webhooks"
      description="Signed events (Standard Webhooks) sent to your tools as they happen"
      aside={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add webhook
        </Button>
      }
    >
      <QueryList
        query={webhooks}
        failure="Unable to load the webhooks."
        loading="Loading webhooks"
        empty="No webhooks yet"
      >
        {(data) => (
          <>
            <ColumnTable
              verticalSpacing="xs"
              minWidth={720}
              rows={data}
              columns={[
                {
                  header: 'URL',
                  card: 'title',
                  cell: (webhook) => (
                    <>
                      <MonoText size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {webhook.url}
                      </MonoText>
                      {webhook.description && (
                        <Text size="xs" c="dimmed">
                          {webhook.description}
                        </Text>
                      )}
                    </>
                  ),
                },
                {
                  header: 'Events',
                  maxWidth: 300,
                  card: 'full',
                  cell: (webhook) => <NameBadges names={webhook.events} />,
                },
                {
                  header: 'Enabled',
                  card: 'aside',
                  cell: (webhook) => (
                    <Switch
                      checked={webhook.enabled}
                      onChange={(e) => void change(webhook, { enabled: e.currentTarget.checked })}
                      aria-label={`Enabled: ${webhook.url}`}
                    />
                  ),
                },
                {
                  ...ACTIONS_COLUMN,
                  cell: (webhook) => (
                    <Group gap={6} justify="flex-end">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconSend size={14} />}
                        loading={test.isPending && test.variables.id === webhook.id}
                        onClick={() => void sendTest(webhook)}
                      >
                        Send test event
                      </Button>
                      <Button
                        size="xs"
                        variant={shown?.id === webhook.id ? 'light' : 'subtle'}
                        aria-pressed={shown?.id === webhook.id}
                        onClick={() => setSelected(webhook.id)}
                        aria-label={`Deliveries of ${webhook.url}`}
                      >
                        Deliveries
                      </Button>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Tooltip label="More">
                            <ActionIcon variant="subtle" aria-label={`More actions for ${webhook.url}`}>
                              <IconDots size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => void change(webhook, { rotateSecret: true })}>
                            Rotate secret
                          </Menu.Item>
                          <Menu.Item color="red" onClick={() => setDeleting(webhook)}>
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  ),
                },
              ]}
            />
            {shown && <Deliveries key={shown.id} webhook={shown} />}
          </>
        )}
      </QueryList>
      <FreshDialog opened={adding} onClose={() => setAdding(false)} title="Add webhook" size="lg">
        <CreateWebhookForm
          onCancel={() => setAdding(false)}
          onCreated={(value) => {
            setAdding(false);
            setSecret({ value, title: 'Webhook added' });
          }}
        />
      </FreshDialog>
      <SecretDialog secret={secret?.value ?? null} title={secret?.title ?? ''} onClose={() => setSecret(null)} />
      <DeleteWebhookDialog webhook={deleting} onClose={() => setDeleting(null)} />
    </ListSection>
  );
}
