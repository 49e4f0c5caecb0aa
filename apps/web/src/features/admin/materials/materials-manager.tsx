// The admin's 'Marketing Materials' section: the library with download counts and state, adding a
// material (an uploaded file or a link), editing, activating and deactivating.

import { Button, Card, Group, Stack } from '@mantine/core';
import type { AdminMaterial } from '@portal/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { AddMaterialDialog, EditMaterialDialog } from './material-dialogs';
import { MaterialsTable } from './materials-table';
import { CardHeading } from '../../../components/card-heading';
import { QueryList } from '../../../components/list-section';

export function MaterialsManager() {
  const materials = trpc.admin.materials.useQuery();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminMaterial | null>(null);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="materials-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <CardHeading
            order={2}
            size="h3"
            id="materials-heading"
            title="Marketing Materials"
            description="Files and links partners download from their dashboard."
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Material
          </Button>
        </Group>

        <QueryList
          query={materials}
          failure="Unable to load marketing materials."
          loading="Loading materials"
          empty="No marketing materials yet. Add the first one for your partners."
        >
          {(data) => <MaterialsTable materials={data} onEdit={setEditing} />}
        </QueryList>
      </Stack>

      <AddMaterialDialog opened={adding} onClose={() => setAdding(false)} />
      <EditMaterialDialog material={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
