// Breadcrumbs of the admin sub-pages: each step back is a link; the last names this page.

import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AdminNavItem } from './admin-nav';

export interface Crumb {
  label: string;
  /** Absent on the page itself. */
  to?: AdminNavItem['to'];
}

export function PageBreadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        {trail.map((crumb) =>
          crumb.to ? (
            // Exact: the router would mark `/admin` active (aria-current="page") on every page below it.
            <Anchor key={crumb.label} component={Link} to={crumb.to} activeOptions={{ exact: true }} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" c="dimmed" aria-current="page" truncate maw={360}>
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
