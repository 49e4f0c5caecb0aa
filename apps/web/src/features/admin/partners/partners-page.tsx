// /admin/partners: every partner, searched and sorted on the server; a row opens the partner's page.
// (The dashboard keeps the same All Affiliates section, as the spec names it there.)

import { AdminPage } from '../../../layout/admin-page';
import { AffiliatesTable } from './affiliates-table';
import { usePartnerDetailsDialog } from './partner-details-dialog';

export function PartnersPage() {
  const details = usePartnerDetailsDialog();
  return (
    <AdminPage title="Partners" description="Open a partner to see its profile, deals, money and activity">
      <AffiliatesTable onViewDetails={details.show} />
      {details.dialog}
    </AdminPage>
  );
}
