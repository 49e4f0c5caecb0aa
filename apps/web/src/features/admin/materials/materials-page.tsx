// /admin/materials: the marketing materials partners download, managed on a page of their own.

import { AdminPage } from '../../../layout/admin-page';
import { MaterialsManager } from './materials-manager';

export function MaterialsPage() {
  return (
    <AdminPage title="Materials" description="Files and links partners download from their dashboard">
      <MaterialsManager />
    </AdminPage>
  );
}
