// /admin/applications: the approval queue on a page of its own, full width, with the details dialog.

import { AdminPage } from '../../../layout/admin-page';
import { PartnerApprovalQueue } from './partner-approval-queue';
import { usePartnerDetailsDialog } from './partner-details-dialog';

export function ApplicationsPage() {
  const details = usePartnerDetailsDialog();
  return (
    <AdminPage title="Applications" description="Partner applications waiting for a decision, oldest first">
      <PartnerApprovalQueue onViewDetails={details.show} />
      {details.dialog}
    </AdminPage>
  );
}
