// API keys of internal tools: create with scopes (the key shown once), list, revoke.

import { Button, Group, Modal, Select, Text, TextInput } from '@mantine/core';
import { ConfirmedItemDialog } from '../../../layout/confirmed-action';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  createApiKeyInput,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@portal/contracts';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { StackedForm } from '../../../layout/form-actions';
import { afterApiKeyChange } from '../../../lib/invalidate';
import { notifyFailure } from '../../../lib/notify';
import { trpc, type RouterInputs } from '../../../lib/trpc';
import { ACTIONS_COLUMN, ColumnTable } from '../../../components/column-table';
import { PersonName } from '../../../components/person-name';
import { ListSection, QueryList } from '../../../components/list-section';
import { formatDateTime } from '../emails/email-log';
import { ShownOnce } from './shown-once';
import { NameBadges, NameCheckboxes } from './name-badges';
import { useIdempotentCreate, useSubmitOnce } from '../../../lib/use-submit-once';
import { MonoText } from '../../../components/mono-text';

interface KeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  expiresAt: string;
}

const SCOPE_CHOICES = API_KEY_SCOPES.map((scope) => ({
  value: scope,
  label: API_KEY_SCOPE_LABELS[scope],
  description: scope,
}));

const EXPIRY_OPTIONS = [
  { value: '', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In one year' },
];

function CreateKeyForm({ onCreated, onCancel }: { onCreated: (key: CreatedApiKey) => void; onCancel: () => void }) {
  const utils = trpc.useUtils();
  // A retry after a lost answer (the same values) carries the same key, so it answers the same API key.
  const create = useIdempotentCreate((input: RouterInputs['admin']['createApiKey'], options) =>
    utils.client.admin.createApiKey.mutate(input, options),
  );
  const submitOnce = useSubmitOnce(submit);
  const [expiry, setExpiry] = useState('');
  const form = useSchemaForm<KeyFormValues>(createApiKeyInput, { name: '', scopes: [], expiresAt: '' });

  async function submit(values: KeyFormValues) {
    try {
      const created = await create({
        name: values.name,
        scopes: values.scopes,
        ...(values.expiresAt ? { expiresAt: values.expiresAt } : {}),
      });
      await afterApiKeyChange(utils);
      onCreated(created);
    } catch (error) {
      notifyFailure('Unable to create the API key', error);
    }
  }

  return (
    <StackedForm
      onSubmit={form.onSubmit(submitOnce.run)}
      mt="sm"
      onCancel={onCancel}
      pending={submitOnce.pending}
      submitLabel="Create key"
    >
      <TextInput
        label="Name"
        description="What the key is for, e.g. Reporting dashboard"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <NameCheckboxes
        label="Scopes"
        description="The key can do only these"
        choices={SCOPE_CHOICES}
        {...form.getInputProps('scopes')}
      />
      <Select
        label="Expires"
        data={EXPIRY_OPTIONS}
        value={expiry}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => {
          setExpiry(value ?? '');
          form.setFieldValue('expiresAt', value ? new Date(Date.now() + Number(value) * 86_400_000).toISOString() : '');
        }}
      />
    </StackedForm>
  );
}

function CreateKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? `API key "${created.name}"` : 'Create API key'}
      size="lg"
      closeOnClickOutside={!created}
    >
      {created ? (
        <ShownOnce label="API key" value={created.key} onDone={close} />
      ) : (
        opened && <CreateKeyForm onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const revoke = trpc.admin.revokeApiKey.useMutation();
  return (
    <ConfirmedItemDialog
      item={apiKey}
      onClose={onClose}
      title="Revoke API key"
      confirmLabel="Revoke key"
      run={(key) => revoke.mutateAsync({ id: key.id })}
      refresh={() => afterApiKeyChange(utils)}
      success={(key) => ['API key revoked', `${key.name} (${key.prefix}…) no longer works.`]}
      failure="Unable to revoke the API key"
    >
      <Text>
        Revoke <strong>{apiKey?.name}</strong> ({apiKey?.prefix}…)? Tools using it are refused at once. This cannot be
        undone.
      </Text>
    </ConfirmedItemDialog>
  );
}

export function ApiKeysCard() {
  const keys = trpc.admin.apiKeys.useQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <ListSection
      id="api-keys-title"
      title="API Keys"
      description={
        <>
          Internal tools call the API with <code>Authorization: Bearer ppk_…</code>, within the key&apos;s scopes
        </>
      }
      aside={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Create API key
        </Button>
      }
    >
      <QueryList query={keys} failure="Unable to load the API keys." loading="Loading API keys" empty="No API keys yet">
        {(data) => (
          <ColumnTable
            verticalSpacing="xs"
            minWidth={860}
            rows={data}
            columns={[
              { header: 'Name', card: 'title', truncate: 220, cell: (key) => key.name },
              {
                header: 'Key',
                noWrap: true,
                cell: (key) => (
                  <Group gap={4} wrap="nowrap">
                    <IconKey size={14} aria-hidden />
                    <MonoText>{key.prefix}…</MonoText>
                  </Group>
                ),
              },
              {
                header: 'Scopes',
                maxWidth: 280,
                card: 'full',
                cell: (key) => <NameBadges names={key.scopes} />,
              },
              {
                header: 'Created by',
                cell: (key) => (key.createdBy ? <PersonName name={key.createdByName} email={key.createdBy} /> : '—'),
              },
              { header: 'Created', noWrap: true, cell: (key) => formatDateTime(key.createdAt) },
              {
                header: 'Last used',
                noWrap: true,
                cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'),
              },
              {
                header: 'Expires',
                noWrap: true,
                cell: (key) => (key.expiresAt ? formatDateTime(key.expiresAt) : 'Never'),
              },
              {
                ...ACTIONS_COLUMN,
                cell: (key) => (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setRevoking(key)}
                    aria-label={`Revoke ${key.name}`}
                  >
                    Revoke
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryList>
      <CreateKeyDialog opened={creating} onClose={() => setCreating(false)} />
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </ListSection>
  );
}
