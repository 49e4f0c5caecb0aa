// The Activity screen's filters: actor, entity type and id, action, and a date range (UTC days).
// Checked with the same schema the server applies, so a malformed id or date is named before the call.

import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { ACTIVITY_ENTITY_LABELS, ACTIVITY_ENTITY_TYPES, activityFilterInput } from '@portal/contracts';
import { IconFilter, IconX } from '@tabler/icons-react';
import { optionsOf } from '../../../lib/select-options';

export interface ActivityFilterValues {
  actor: string;
  entityType: string;
  entityId: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilterValues = {
  actor: '',
  entityType: '',
  entityId: '',
  action: '',
  from: '',
  to: '',
};

const ENTITY_OPTIONS = optionsOf(ACTIVITY_ENTITY_TYPES, ACTIVITY_ENTITY_LABELS);

/** The filters that are set, trimmed, as query parameters (blank ones left out). */
export function filterParams(values: ActivityFilterValues): Partial<ActivityFilterValues> {
  return Object.fromEntries(
    Object.entries(values)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== ''),
  );
}

export function ActivityFilters({ onApply }: { onApply: (values: ActivityFilterValues) => void }) {
  const form = useSchemaForm<ActivityFilterValues>(activityFilterInput, NO_FILTERS);

  return (
    <form
      aria-label="Activity filters"
      onSubmit={form.onSubmit((values) => onApply(values))}
      onReset={(event) => {
        event.preventDefault();
        form.reset();
        onApply(NO_FILTERS);
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput label="Actor" placeholder="name, email, user id or 'system'" {...form.getInputProps('actor')} />
        <Select
          label="Entity type"
          placeholder="Any"
          data={ENTITY_OPTIONS}
          clearable
          {...form.getInputProps('entityType')}
          value={form.values.entityType || null}
          onChange={(value) => form.setFieldValue('entityType', value ?? '')}
        />
        <TextInput label="Entity id" placeholder="UUID" {...form.getInputProps('entityId')} />
        <TextInput label="Action" placeholder="e.g. partner or partner.approved" {...form.getInputProps('action')} />
        <TextInput label="From" type="date" description="UTC day" {...form.getInputProps('from')} />
        <TextInput label="To" type="date" description="UTC day, included" {...form.getInputProps('to')} />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button type="reset" variant="default" leftSection={<IconX size={16} />}>
          Clear
        </Button>
        <Button type="submit" leftSection={<IconFilter size={16} />}>
          Apply filters
        </Button>
      </Group>
    </form>
  );
}
