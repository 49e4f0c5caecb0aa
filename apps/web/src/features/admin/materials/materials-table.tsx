// The admin's list of marketing materials: a table from medium screens up, cards on phones, each
// with its download count, an active switch and an edit button.

import { Badge, Button, Card, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { MATERIAL_TYPE_LABELS, formatDate, type AdminMaterial } from '@portal/contracts';
import { IconPencil } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/errors';
import { afterMaterialChange } from '../../../lib/invalidate';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { ActionsHeader } from '../../../components/actions-header';

export const formatBytes = (bytes: number | null) => {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

/** Activating and deactivating, shared by the table row and the phone card. */
function useActiveToggle() {
  const utils = trpc.useUtils();
  return trpc.admin.updateMaterial.useMutation({
    onSuccess: (updated) => {
      utils.admin.materials.setData(undefined, (list) => list?.map((m) => (m.id === updated.id ? updated : m)));
      void afterMaterialChange(utils);
      notifySuccess(updated.isActive ? 'Material activated' : 'Material deactivated', updated.title);
    },
    onError: (error) => notifyError('Update failed', errorMessage(error, 'The material could not be updated.')),
  });
}

function ActiveSwitch({ material }: { material: AdminMaterial }) {
  const update = useActiveToggle();
  return (
    <Switch
      checked={material.isActive}
      disabled={update.isPending}
      label={material.isActive ? 'Active' : 'Inactive'}
      aria-label={`${material.isActive ? 'Deactivate' : 'Activate'} ${material.title}`}
      onChange={(event) => update.mutate({ id: material.id, isActive: event.currentTarget.checked })}
    />
  );
}

function MaterialSource({ material }: { material: AdminMaterial }) {
  return (
    <Text size="xs" c="dimmed" truncate="end" maw={260}>
      {material.isExternal
        ? `Link: ${material.fileUrl ?? ''}`
        : `${material.fileName ?? ''} · ${formatBytes(material.sizeBytes)}`}
    </Text>
  );
}

/** A phone-sized card of one material (the table needs more width than a phone has). */
function MaterialItem({ material, onEdit }: { material: AdminMaterial; onEdit: () => void }) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid="material-item">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {material.title}
            </Text>
            <MaterialSource material={material} />
          </div>
          <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
            {MATERIAL_TYPE_LABELS[material.type]}
          </Badge>
        </Group>
        <Text size="sm">
          {material.downloadCount} {material.downloadCount === 1 ? 'download' : 'downloads'} · updated{' '}
          {formatDate(material.updatedAt)}
        </Text>
        <Group justify="space-between">
          <ActiveSwitch material={material} />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            aria-label={`Edit ${material.title}`}
          >
            Edit
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function MaterialRow({ material, onEdit }: { material: AdminMaterial; onEdit: () => void }) {
  return (
    <Table.Tr data-testid="material-row">
      <Table.Td>
        <Text fw={600} size="sm">
          {material.title}
        </Text>
        <MaterialSource material={material} />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" radius="sm">
          {MATERIAL_TYPE_LABELS[material.type]}
        </Badge>
      </Table.Td>
      <Table.Td ta="right" data-testid="admin-download-count">
        {material.downloadCount}
      </Table.Td>
      <Table.Td>
        <ActiveSwitch material={material} />
      </Table.Td>
      <Table.Td>{formatDate(material.updatedAt)}</Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} />}
          onClick={onEdit}
          aria-label={`Edit ${material.title}`}
        >
          Edit
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export function MaterialsTable({
  materials,
  onEdit,
}: {
  materials: readonly AdminMaterial[];
  onEdit: (material: AdminMaterial) => void;
}) {
  return (
    <>
      <Stack gap="sm" hiddenFrom="md">
        {materials.map((material) => (
          <MaterialItem key={material.id} material={material} onEdit={() => onEdit(material)} />
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={760} visibleFrom="md">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Material</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th ta="right">Downloads</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Updated</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {materials.map((material) => (
              <MaterialRow key={material.id} material={material} onEdit={() => onEdit(material)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
