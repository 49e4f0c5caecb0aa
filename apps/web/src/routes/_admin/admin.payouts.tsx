import { createFileRoute } from '@tanstack/react-router';
import { PayoutsPage } from '../../features/admin/payouts/payouts-page';

export const Route = createFileRoute('/_admin/admin/payouts')({
  component: PayoutsPage,
});
