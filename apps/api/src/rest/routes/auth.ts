import type { RestRoute } from '../adapter';

export const authRoutes: RestRoute[] = [];
