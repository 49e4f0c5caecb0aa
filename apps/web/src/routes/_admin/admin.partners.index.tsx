import { createFileRoute } from '@tanstack/react-router';
import { PartnersPage } from '../../features/admin/partners/partners-page';

export const Route = createFileRoute('/_admin/admin/partners/')({
  component: PartnersPage,
});
