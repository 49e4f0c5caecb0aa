// New bookings: how many consultations were booked (or leads sent) since Monday, and the latest
// few — on the admin dashboard for the whole program and on the partner dashboard for the partner.

import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate, type RecentBookings, type Referral } from '@portal/contracts';
import { IconCalendarEvent } from '@tabler/icons-react';

/** 'Dec 3, 2026 15:00' in the viewer's time zone. */
export function consultationLabel(value: string | null): string {
  if (!value) return 'No date yet';
  const date = new Date(value);
  return `${formatDate(date)} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

function BookingRow({ booking, showPartner }: { booking: Referral; showPartner: boolean }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      data-testid="booking-row"
      data-client={booking.clientCompanyName}
    >
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {booking.clientName ?? booking.clientCompanyName}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {booking.clientName ? `${booking.clientCompanyName} · ` : ''}
          {showPartner && booking.partnerCompanyName
            ? `via ${booking.partnerCompanyName}`
            : (booking.clientEmail ?? '')}
        </Text>
      </div>
      <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
        <Text size="xs">{consultationLabel(booking.consultationDate)}</Text>
        {booking.clientAlreadyIntroduced && (
          <Badge size="xs" color="orange" variant="light">
            {showPartner ? 'Conflict' : 'Client already introduced'}
          </Badge>
        )}
      </Stack>
    </Group>
  );
}

export function RecentBookingsCard({
  bookings,
  error,
  showPartner,
}: {
  bookings: RecentBookings | undefined;
  error?: string;
  showPartner: boolean;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="bookings-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <IconCalendarEvent size={18} />
          <Title order={2} size="h4" id="bookings-title">
            New bookings
          </Title>
        </Group>
        {bookings && (
          <Badge variant="light" size="lg" data-testid="bookings-this-week">
            {bookings.thisWeek} this week
          </Badge>
        )}
      </Group>
      {error ? (
        <Alert color="red">{error}</Alert>
      ) : bookings && bookings.latest.length === 0 ? (
        <Text size="sm" c="dimmed">
          No consultations booked through referral links yet
        </Text>
      ) : (
        <Stack gap="sm">
          {bookings?.latest.map((booking) => (
            <BookingRow key={booking.id} booking={booking} showPartner={showPartner} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
