// The lead funnel (visits → bookings → accepted → won → paying) by month, with each step's
// conversion from the one before; the partner dashboard and the admin's partner page both draw it.
// Referrals entered by hand came from no visit: the card counts them apart, below the steps.

import { Alert, Card, Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS, type Funnel, type FunnelCounts } from '@portal/contracts';
import { ColumnTable } from '../../components/column-table';
import { CardHeading } from '../../components/card-heading';
import { useState } from 'react';
import { usePhoneLayout } from '../../layout/use-phone-layout';

/** "42%" of `part` in `whole`; an em dash when there is nothing to convert from. */
export function conversion(part: number, whole: number): string {
  if (whole === 0) return '—';
  return `${Math.round((part / whole) * 1000) / 10}%`;
}

/** Why the referrals entered by hand are not among the funnel's bookings. */
export const handEnteredNote = (count: number) =>
  `${count === 1 ? '1 referral' : `${count} referrals`} entered by hand in these months ${count === 1 ? 'is' : 'are'} not counted here: ${count === 1 ? 'it' : 'they'} did not come through the referral link.`;

const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (month: string) => MONTH_FORMAT.format(new Date(`${month}-01T00:00:00Z`));

function StepTiles({ total }: { total: FunnelCounts }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
      {FUNNEL_STEPS.map((step, index) => {
        const previous = index > 0 ? FUNNEL_STEPS[index - 1] : undefined;
        return (
          <Paper key={step} withBorder p="sm" radius="md" data-testid={`funnel-${step}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {FUNNEL_STEP_LABELS[step]}
            </Text>
            <Text size="xl" fw={700}>
              {total[step]}
            </Text>
            <Text size="xs" c="dimmed">
              {previous
                ? `${conversion(total[step], total[previous])} of ${FUNNEL_STEP_LABELS[previous].toLowerCase()}`
                : 'Openings of the referral page'}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

export function FunnelCard({
  funnel,
  error,
  description,
}: {
  funnel: Funnel | undefined;
  error?: string;
  description: string;
}) {
  // On a phone the months start folded: as cards, six months of seven figures each push what follows the
  // funnel (the dashboard's tabs) some 1,500 px down. The switch shows them at any width.
  const phone = usePhoneLayout();
  const [monthsChosen, setMonthsChosen] = useState<boolean | null>(null);
  const showMonths = monthsChosen ?? !phone;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="funnel-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <CardHeading order={2} size="h4" id="funnel-title" title="Lead funnel" description={description} />
        </Group>
        {error ? (
          <Alert color="red">{error}</Alert>
        ) : funnel ? (
          <>
            <StepTiles total={funnel.total} />
            {funnel.enteredByHand > 0 && (
              <Text size="sm" c="dimmed" data-testid="funnel-by-hand">
                {handEnteredNote(funnel.enteredByHand)}
              </Text>
            )}
            <Switch
              label="Month by month"
              checked={showMonths}
              onChange={(event) => setMonthsChosen(event.currentTarget.checked)}
            />
            {showMonths && (
              <ColumnTable
                verticalSpacing="xs"
                minWidth={640}
                rows={[...funnel.months].reverse()}
                rowKey={(row) => row.month}
                columns={[
                  { header: 'Month', card: 'title', strong: true, cell: (row) => monthLabel(row.month) },
                  ...FUNNEL_STEPS.map((step) => ({
                    header: FUNNEL_STEP_LABELS[step],
                    numeric: true,
                    cell: (row: Funnel['months'][number]) => row[step],
                  })),
                  {
                    header: 'Visit → booking',
                    numeric: true,
                    cell: (row) => conversion(row.bookings, row.visits),
                  },
                  { header: 'Booking → won', numeric: true, cell: (row) => conversion(row.won, row.bookings) },
                ]}
              />
            )}
          </>
        ) : (
          <Text c="dimmed">Loading…</Text>
        )}
      </Stack>
    </Card>
  );
}
