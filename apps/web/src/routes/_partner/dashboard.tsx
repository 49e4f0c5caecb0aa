import { createFileRoute } from '@tanstack/react-router';
import { PartnerDashboard } from '../../features/partner/partner-dashboard';

export const Route = createFileRoute('/_partner/dashboard')({
  component: PartnerDashboard,
});
