import type { RestRoute } from '../adapter';

export const partnerProfileRoutes: RestRoute[] = [];
