// The admin's list of marketing materials (the shared column table: a table where it fits, cards where
// it does not), each with its download count, an active switch and an edit button.

import { Badge, Button, Switch, Text } from '@mantine/core';
import { MATERIAL_TYPE_LABELS, formatDate, type AdminMaterial } from '@portal/contracts';
import { IconPencil } from '@tabler/icons-react';
import { afterMaterialChange } from '../../../lib/invalidate';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { TruncatedText } from '../../../components/truncated-text';
import { ACTIONS_COLUMN, ColumnTable } from '../../../components/column-table';

export const formatBytes = (bytes: number | null) => {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

/** Activating and deactivating a material from its row. */
function useActiveToggle() {
  const utils = trpc.useUtils();
  return trpc.admin.updateMaterial.useMutation({
    onSuccess: (updated) => {
      utils.admin.materials.setData(undefined, (list) => list?.map((m) => (m.id === updated.id ? updated : m)));
      void afterMaterialChange(utils);
      notifySuccess(updated.isActive ? 'Material activated' : 'Material deactivated', updated.title);
    },
    onError: (error) => notifyFailure('Update failed', error, 'The material could not be updated.'),
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

export function MaterialsTable({
  materials,
  onEdit,
}: {
  materials: readonly AdminMaterial[];
  onEdit: (material: AdminMaterial) => void;
}) {
  return (
    <ColumnTable
      verticalSpacing="sm"
      highlightOnHover
      minWidth={760}
      rows={materials}
      rowProps={() => ({ 'data-testid': 'material-row' })}
      columns={[
        {
          header: 'Material',
          card: 'title',
          cell: (material) => (
            <>
              <Text fw={600} size="sm" component="div">
                <TruncatedText maxWidth={320}>{material.title}</TruncatedText>
              </Text>
              <MaterialSource material={material} />
            </>
          ),
        },
        // On a card the type and the switch are lines of their own: beside the title they left it a few letters.
        {
          header: 'Type',
          cell: (material) => (
            <Badge variant="light" radius="sm">
              {MATERIAL_TYPE_LABELS[material.type]}
            </Badge>
          ),
        },
        {
          header: 'Downloads',
          numeric: true,
          cell: (material) => material.downloadCount,
          cellProps: () => ({ 'data-testid': 'admin-download-count' }),
        },
        { header: 'Updated', cell: (material) => formatDate(material.updatedAt) },
        { header: 'Status', cell: (material) => <ActiveSwitch material={material} /> },
        {
          ...ACTIONS_COLUMN,
          cell: (material) => (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={() => onEdit(material)}
              aria-label={`Edit ${material.title}`}
            >
              Edit
            </Button>
          ),
        },
      ]}
    />
  );
}
