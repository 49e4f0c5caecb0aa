import type { RestRoute } from '../adapter';

export const materialRoutes: RestRoute[] = [];
