// REST paths of the marketing library. POST /api/admin/marketing-materials (JSON or multipart)
// is a raw route (rest/raw/materials.ts), as is the file download GET /api/files/{token}.

import type { RestRoute } from '../adapter';

export const materialRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/marketing-materials',
    procedure: 'partner.materials',
    summary: 'Marketing materials (active ones for partners, all for admins)',
    tag: 'Marketing materials',
  },
  {
    method: 'POST',
    path: '/api/marketing-materials/{id}/download',
    procedure: 'partner.downloadMaterial',
    summary: 'Record a download and get a short-lived download address',
    description:
      "Counts the download (partners only; an admin's preview is not counted) and answers the material's external address, or a signed /api/files/{token} address valid for 5 minutes.",
    tag: 'Marketing materials',
  },
  {
    method: 'GET',
    path: '/api/admin/marketing-materials',
    procedure: 'admin.materials',
    summary: 'All marketing materials with download counts',
    tag: 'Admin: marketing materials',
  },
  {
    method: 'PATCH',
    path: '/api/admin/marketing-materials/{id}',
    procedure: 'admin.updateMaterial',
    summary: 'Edit, activate or deactivate a marketing material',
    tag: 'Admin: marketing materials',
  },
];
