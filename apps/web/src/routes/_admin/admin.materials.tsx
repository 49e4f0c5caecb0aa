import { createFileRoute } from '@tanstack/react-router';
import { MaterialsPage } from '../../features/admin/materials/materials-page';

export const Route = createFileRoute('/_admin/admin/materials')({
  component: MaterialsPage,
});
