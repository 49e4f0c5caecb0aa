// The frame of an admin sub-page: breadcrumbs back to the dashboard, the page's heading
// (h1, one per page) with its actions, then the page's sections. The breadcrumbs run from the
// dashboard through the pages above this one to this page's title.

import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageBreadcrumbs, type Crumb } from './page-breadcrumbs';

const DASHBOARD_CRUMB: Crumb = { label: 'Admin Dashboard', to: '/admin' };

export function AdminPage({
  parents = [],
  title,
  description,
  actions,
  children,
}: {
  /** The pages between the dashboard and this one (a partner's page sits below Partners). */
  parents?: readonly Crumb[];
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'md' }} maw={1440} mx="auto" w="100%">
      <Stack gap={6}>
        <PageBreadcrumbs trail={[DASHBOARD_CRUMB, ...parents, { label: title }]} />
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {description ? <Text c="dimmed">{description}</Text> : null}
          </div>
          {actions ? (
            <Group gap="xs" wrap="wrap">
              {actions}
            </Group>
          ) : null}
        </Group>
      </Stack>
      {children}
    </Stack>
  );
}
