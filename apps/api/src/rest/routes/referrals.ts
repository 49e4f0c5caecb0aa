import type { RestRoute } from '../adapter';

export const referralRoutes: RestRoute[] = [];
