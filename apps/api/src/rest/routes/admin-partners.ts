import type { RestRoute } from '../adapter';

export const adminPartnerRoutes: RestRoute[] = [];
