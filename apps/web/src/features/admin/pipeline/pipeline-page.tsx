// /admin/pipeline: the bookings no partner got (while some wait), then the deal pipeline full width,
// where a deal is dragged between stages (or moved with its stage menu), with Add Client.

import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminPage } from '../../../layout/admin-page';
import { useCan } from '../../../lib/permissions';
import { AddClientDialog } from './add-client-dialog';
import { DealPipeline } from './deal-pipeline';
import { UnplacedBookingsCard } from './unplaced-bookings-card';

export function PipelinePage() {
  const [adding, setAdding] = useState(false);
  const canAdd = useCan('referrals:write');
  return (
    <AdminPage
      title="Pipeline"
      description="Every deal by stage: drag a card to another stage, or pick one from its menu"
      actions={
        canAdd ? (
          <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
            Add Client
          </Button>
        ) : undefined
      }
    >
      <UnplacedBookingsCard />
      <DealPipeline draggable />
      <AddClientDialog opened={adding} onClose={() => setAdding(false)} />
    </AdminPage>
  );
}
