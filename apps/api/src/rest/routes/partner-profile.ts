import type { RestRoute } from '../adapter';

export const partnerProfileRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/partners/me',
    procedure: 'partner.me',
    summary: "The signed-in partner's own profile (bank numbers masked); 404 before the partner has applied",
    tag: 'Partner',
  },
  {
    method: 'POST',
    path: '/api/partners',
    procedure: 'partner.submitApplication',
    summary: 'Submit the partner application with the accepted affiliate agreement; stored as pending',
    tag: 'Partner',
    status: 201,
    description: 'One application per user (409 on a second). An agreementVersion older than the current one is 409, an unknown one 400. Routing and account numbers are stored encrypted and returned only masked.',
  },
];
