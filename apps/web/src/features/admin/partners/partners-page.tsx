// /admin/partners: every partner, searched and sorted on the server; a row opens the partner's page.
// (The dashboard keeps the same All Affiliates section, as the spec names it there.)

import { useState } from 'react';
import { AdminPage } from '../../../layout/admin-page';
import { AffiliatesTable } from './affiliates-table';
import { PartnerDetailsDialog } from './partner-details-dialog';

export function PartnersPage() {
  const [detailsId, setDetailsId] = useState<string | null>(null);
  return (
    <AdminPage title="Partners" description="Open a partner to see its profile, deals, money and activity">
      <AffiliatesTable onViewDetails={setDetailsId} />
      <PartnerDetailsDialog partnerId={detailsId} onClose={() => setDetailsId(null)} />
    </AdminPage>
  );
}
