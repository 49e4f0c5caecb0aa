// Unplaced bookings on the pipeline page: Cal.com and Calendly bookings that reached no active partner
// (no code, an unknown code, a partner who is not active), newest first, each placed with a partner or
// dismissed by an admin. The card shows only while some wait; the administrators are mailed a link to it.

import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  BOOKING_PROVIDER_LABELS,
  UNPLACED_BOOKINGS_PAGE_SIZE,
  UNPLACED_REASON_LABELS,
  type UnplacedBooking,
} from '@portal/contracts';
import { IconUserCheck, IconX } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ACTIONS_COLUMN, ColumnTable, type TableColumn } from '../../../components/column-table';
import { EmailAddress } from '../../../components/email-address';
import { ListPager } from '../../../components/list-pager';
import { ListSection, QueryList } from '../../../components/list-section';
import { MonoText } from '../../../components/mono-text';
import { useListPage } from '../../../lib/list-page';
import { useCan } from '../../../lib/permissions';
import { trpc } from '../../../lib/trpc';
import { consultationLabel } from '../../leads/bookings-card';
import { FreshItemDialog } from '../../../layout/fresh-dialog';
import { bookingClient, DismissBookingForm, PlaceBookingForm } from './unplaced-booking-dialogs';

/** The heading's id: the card's name, and where the admins' mail links to. */
export const UNPLACED_BOOKINGS_ID = 'unplaced-bookings';

function bookingColumns({
  canSettle,
  onPlace,
  onDismiss,
}: {
  canSettle: boolean;
  onPlace: (booking: UnplacedBooking) => void;
  onDismiss: (booking: UnplacedBooking) => void;
}): TableColumn<UnplacedBooking>[] {
  const columns: TableColumn<UnplacedBooking>[] = [
    {
      header: 'Client',
      card: 'title',
      maxWidth: 280,
      // The company sits under the name (the booking form's answer, when the client gave one), then the
      // email: one column wide enough that an address wraps only after its "@".
      cell: (booking) => (
        <Stack gap={0} miw={200}>
          <Text span inherit fw={600} style={{ overflowWrap: 'anywhere' }}>
            {bookingClient(booking)}
          </Text>
          <Text span size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {booking.clientCompanyName ?? 'No company given'}
          </Text>
          <EmailAddress size="sm" fw={400} email={booking.clientEmail} />
        </Stack>
      ),
    },
    { header: 'Consultation', noWrap: true, cell: (booking) => consultationLabel(booking.consultationDate) },
    { header: 'Provider', noWrap: true, cell: (booking) => BOOKING_PROVIDER_LABELS[booking.provider] },
    {
      header: 'Code given',
      noWrap: true,
      cell: (booking) =>
        booking.referralCode ? (
          <MonoText span inherit>
            {booking.referralCode}
          </MonoText>
        ) : (
          <Text span inherit c="dimmed">
            None
          </Text>
        ),
    },
    {
      header: 'Why not placed',
      maxWidth: 200,
      cell: (booking) => UNPLACED_REASON_LABELS[booking.reason],
      cellProps: (booking) => ({ 'data-reason': booking.reason }),
    },
  ];
  if (!canSettle) return columns;
  return [
    ...columns,
    {
      ...ACTIONS_COLUMN,
      cell: (booking) => (
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="light" leftSection={<IconUserCheck size={14} />} onClick={() => onPlace(booking)}>
            Place with partner
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} />}
            onClick={() => onDismiss(booking)}
          >
            Dismiss
          </Button>
        </Group>
      ),
    },
  ];
}

export function UnplacedBookingsCard() {
  const { offset, pager } = useListPage(UNPLACED_BOOKINGS_PAGE_SIZE);
  const bookings = trpc.admin.unplacedBookings.useQuery(
    { limit: UNPLACED_BOOKINGS_PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  const canSettle = useCan('referrals:write');
  const [placing, setPlacing] = useState<UnplacedBooking | null>(null);
  const [dismissing, setDismissing] = useState<UnplacedBooking | null>(null);
  // Nothing waits: the pipeline shows no empty card.
  if (bookings.data?.total === 0) return null;
  const columns = bookingColumns({ canSettle, onPlace: setPlacing, onDismiss: setDismissing });

  return (
    <ListSection
      id={UNPLACED_BOOKINGS_ID}
      title="Unplaced bookings"
      description="Bookings that reached no active partner: place each with a partner or dismiss it"
      aside={
        bookings.data ? (
          <Badge color="orange" variant="light" size="lg" data-testid="unplaced-count">
            {bookings.data.total.toLocaleString('en-US')} waiting
          </Badge>
        ) : undefined
      }
    >
      <QueryList query={bookings} failure="Unable to load the unplaced bookings." loading="Loading unplaced bookings">
        {(page) => (
          <>
            <ColumnTable
              columns={columns}
              rows={page.items}
              verticalSpacing="sm"
              rowProps={(booking) => ({ 'data-testid': 'unplaced-booking', 'data-client': booking.clientEmail })}
            />
            <ListPager {...pager} total={page.total} label="Unplaced bookings pages" />
          </>
        )}
      </QueryList>
      <FreshItemDialog item={placing} onClose={() => setPlacing(null)} title="Place with partner">
        {(booking, close) => <PlaceBookingForm booking={booking} onClose={close} />}
      </FreshItemDialog>
      <FreshItemDialog item={dismissing} onClose={() => setDismissing(null)} title="Dismiss booking">
        {(booking, close) => <DismissBookingForm booking={booking} onClose={close} />}
      </FreshItemDialog>
    </ListSection>
  );
}
