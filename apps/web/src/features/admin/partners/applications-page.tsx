// /admin/applications: the approval queue on a page of its own, full width, with the details dialog.

import { useState } from 'react';
import { AdminPage } from '../../../layout/admin-page';
import { PartnerApprovalQueue } from './partner-approval-queue';
import { PartnerDetailsDialog } from './partner-details-dialog';

export function ApplicationsPage() {
  const [detailsId, setDetailsId] = useState<string | null>(null);
  return (
    <AdminPage title="Applications" description="Partner applications waiting for a decision, oldest first">
      <PartnerApprovalQueue onViewDetails={setDetailsId} />
      <PartnerDetailsDialog partnerId={detailsId} onClose={() => setDetailsId(null)} />
    </AdminPage>
  );
}
