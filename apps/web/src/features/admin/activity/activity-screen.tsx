// The Activity screen: the audit log filtered, paged, with each change's diff and a CSV
// of everything the filters match.

import { Card, Text } from '@mantine/core';
import { ACTIVITY_PAGE_SIZE, plural } from '@portal/contracts/plain';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPage } from '../../../layout/admin-page';
import { ListSection, QueryList } from '../../../components/list-section';
import { trpc } from '../../../lib/trpc';
import { ActivityExportButton } from './activity-export-button';
import { ActivityFilters, filterParams, NO_FILTERS, type ActivityFilterValues } from './activity-filters';
import { ActivityTable } from './activity-table';
import { ListPager } from '../../../components/list-pager';
import { useListPage } from '../../../lib/list-page';

export function ActivityScreen() {
  const [filters, setFilters] = useState<Partial<ActivityFilterValues>>(filterParams(NO_FILTERS));
  const { offset, refilter, pager } = useListPage(ACTIVITY_PAGE_SIZE);
  const activity = trpc.admin.activity.useQuery(
    { ...filters, limit: ACTIVITY_PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  const total = activity.data?.total ?? 0;

  const apply = refilter((values: ActivityFilterValues) => setFilters(filterParams(values)));

  return (
    <AdminPage
      title="Activity"
      description="Who changed what, and when: every change in the portal, newest first"
      actions={<ActivityExportButton params={filters} />}
    >
      <Card withBorder padding="lg" radius="md">
        <ActivityFilters onApply={apply} />
      </Card>
      <ListSection
        id="activity-entries-title"
        title="Entries"
        aside={
          activity.data && (
            <Text size="sm" c="dimmed" data-testid="activity-total">
              {plural(total, 'entry', 'entries')}
            </Text>
          )
        }
      >
        <QueryList
          query={activity}
          failure="Unable to load the activity log."
          loading="Loading activity..."
          empty="No activity matches these filters"
        >
          {(data) => <ActivityTable entries={data.items} />}
        </QueryList>
        <ListPager {...pager} total={total} />
      </ListSection>
    </AdminPage>
  );
}
