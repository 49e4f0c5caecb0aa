import { createFileRoute } from '@tanstack/react-router';
import { PartnerPage } from '../../features/admin/partners/partner-page/partner-page';

function PartnerRoute() {
  const { id } = Route.useParams();
  return <PartnerPage partnerId={id} />;
}

export const Route = createFileRoute('/_admin/admin/partners/$id')({
  component: PartnerRoute,
});
