// The partner dashboard's tabs, apart from the dashboard itself: the route checks `?tab=` with them before the
// dashboard's code is loaded, so importing them must not bring the dashboard (and its forms) into the first chunk.

export const DASHBOARD_TABS = ['referrals', 'commissions', 'marketing', 'settings'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const isDashboardTab = (value: unknown): value is DashboardTab =>
  (DASHBOARD_TABS as readonly unknown[]).includes(value);
