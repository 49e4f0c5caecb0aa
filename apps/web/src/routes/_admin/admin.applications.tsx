import { createFileRoute } from '@tanstack/react-router';
import { ApplicationsPage } from '../../features/admin/partners/applications-page';

export const Route = createFileRoute('/_admin/admin/applications')({
  component: ApplicationsPage,
});
