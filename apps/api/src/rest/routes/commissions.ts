import type { RestRoute } from '../adapter';

export const commissionRoutes: RestRoute[] = [];
