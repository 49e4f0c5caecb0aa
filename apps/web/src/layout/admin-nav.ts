// The admin area's sidebar: one entry per area, each its own route. The parts of the dashboard
// (applications, pipeline, payouts, partners, materials) each have a full-width page of their own;
// new areas add a line here; the shell draws whatever this list holds.

import {
  IconArrowsSplit2,
  IconCash,
  IconFileDescription,
  IconLayoutKanban,
  IconUserCheck,
  IconHistory,
  IconMail,
  IconUsersGroup,
  IconPlugConnected,
  IconShieldCheck,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface AdminNavItem {
  label: string;
  to:
    | '/admin'
    | '/admin/applications'
    | '/admin/pipeline'
    | '/admin/payouts'
    | '/admin/materials'
    | '/admin/conflicts'
    | '/admin/partners'
    | '/admin/emails'
    | '/admin/integrations'
    | '/admin/activity'
    | '/admin/team';
  icon: Icon;
  /** Also active on the area's sub-pages (a partner's page under Partners); the dashboard only on itself. */
  matchSubPaths: boolean;
  /** The permission the area needs (its procedures check it on the server); none: every team member. */
  permission?: string;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: 'Admin Dashboard', to: '/admin', icon: IconShieldCheck, matchSubPaths: false },
  {
    label: 'Applications',
    to: '/admin/applications',
    icon: IconUserCheck,
    matchSubPaths: true,
    permission: 'partners:approve',
  },
  { label: 'Pipeline', to: '/admin/pipeline', icon: IconLayoutKanban, matchSubPaths: true },
  // Beside the pipeline, whose deals the conflicts come from.
  {
    label: 'Conflicts',
    to: '/admin/conflicts',
    icon: IconArrowsSplit2,
    matchSubPaths: true,
    permission: 'referrals:read',
  },
  { label: 'Payouts', to: '/admin/payouts', icon: IconCash, matchSubPaths: true, permission: 'commissions:read' },
  { label: 'Partners', to: '/admin/partners', icon: IconUsers, matchSubPaths: true },
  {
    label: 'Materials',
    to: '/admin/materials',
    icon: IconFileDescription,
    matchSubPaths: true,
    permission: 'materials:write',
  },
  { label: 'Email log', to: '/admin/emails', icon: IconMail, matchSubPaths: true, permission: 'emails:read' },
  { label: 'Activity', to: '/admin/activity', icon: IconHistory, matchSubPaths: true, permission: 'activity:read' },
  { label: 'Team', to: '/admin/team', icon: IconUsersGroup, matchSubPaths: true, permission: 'team:manage' },
  {
    label: 'Integrations',
    to: '/admin/integrations',
    icon: IconPlugConnected,
    matchSubPaths: true,
    permission: 'keys:manage',
  },
];

/** Whether `item` is the area the admin is in. */
export function isActiveNavItem(item: { to: string; matchSubPaths: boolean }, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === item.to || (item.matchSubPaths && path.startsWith(`${item.to}/`));
}
