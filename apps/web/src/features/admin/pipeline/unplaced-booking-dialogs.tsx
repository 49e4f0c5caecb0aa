// The two ways an admin settles a booking no active partner got: place it with an active partner (it
// becomes their referral in Booked, as a booking with their code would) or dismiss it with a reason.

import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { REFERRAL_MESSAGES, type PlacedBooking, type UnplacedBooking } from '@portal/contracts';
import { StackedForm } from '../../../layout/form-actions';
import { ReasonForm, useReasonFormMutation } from '../../../layout/reason-form';
import { fieldErrorsOf } from '../../../lib/errors';
import { afterBookingDismissed, afterBookingPlaced } from '../../../lib/invalidate';
import { trpc } from '../../../lib/trpc';
import { useFormMutationProps } from '../../../lib/use-form-mutation';
import { useIdempotentCreate } from '../../../lib/use-submit-once';
import { PartnerPicker, partnerIdProps } from '../partners/partner-picker';

/** The client as a person reads it: the name the booking gave, else the address. */
export const bookingClient = (booking: Pick<UnplacedBooking, 'clientName' | 'clientEmail'>) =>
  booking.clientName ?? booking.clientEmail;

/** What a placement did, in the toast's words. */
const PLACED_WORDS: Record<PlacedBooking['outcome'], (client: string, partner: string) => string> = {
  created: (client, partner) => `${client} is in ${partner}’s pipeline as Booked.`,
  conflict: (client, partner) =>
    `${client} is in ${partner}’s pipeline as Booked, as a conflict: another partner introduced this client first.`,
  attached: (client, partner) => `The booking joined ${partner}’s open referral of ${client}.`,
};

function BookingSummary({ booking }: { booking: UnplacedBooking }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <strong>{bookingClient(booking)}</strong>
      {booking.clientCompanyName ? ` (${booking.clientCompanyName})` : ''} · {booking.clientEmail}
    </Text>
  );
}

interface PlaceValues {
  partnerId: string;
}

export function PlaceBookingForm({ booking, onClose }: { booking: UnplacedBooking; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<PlaceValues>({
    mode: 'controlled',
    initialValues: { partnerId: '' },
    validate: { partnerId: (value) => (value ? null : 'Choose an active partner') },
  });
  const send = useIdempotentCreate((input: { id: string; partnerId: string }, options) =>
    utils.client.admin.placeUnplacedBooking.mutate(input, options),
  );
  const place = useFormMutationProps(form, {
    mutate: (values: PlaceValues) => send({ id: booking.id, partnerId: values.partnerId }),
    success: (placed) => [
      'Booking placed',
      PLACED_WORDS[placed.outcome](bookingClient(booking), placed.referral.partnerCompanyName ?? 'the partner'),
    ],
    refresh: () => afterBookingPlaced(utils),
    onDone: onClose,
    failure: 'Could not place the booking',
    fieldErrors: (error) =>
      fieldErrorsOf(error, {
        partnerId: [REFERRAL_MESSAGES.unplacedPartnerNotActive, REFERRAL_MESSAGES.unplacedPartnerNotFound],
      }),
  });
  return (
    <StackedForm {...place} submitLabel="Place booking">
      <Stack gap={4}>
        <BookingSummary booking={booking} />
        <Text size="sm" c="dimmed">
          The booking becomes the partner’s referral in Booked, as if it had come with their code, and the partner is
          mailed about it. A client another partner introduced first is stored as a conflict.
        </Text>
      </Stack>
      <PartnerPicker
        label="Partner"
        required
        placeholder="Search active partners"
        status="active"
        data-autofocus
        {...partnerIdProps(form)}
      />
    </StackedForm>
  );
}

export function DismissBookingForm({ booking, onClose }: { booking: UnplacedBooking; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' } });
  const dismiss = useReasonFormMutation(form, {
    mutate: (values: { reason: string }) =>
      utils.client.admin.dismissUnplacedBooking.mutate({ id: booking.id, reason: values.reason }),
    success: () => ['Booking dismissed', `${bookingClient(booking)} is no longer waiting to be placed.`],
    refresh: () => afterBookingDismissed(utils),
    onDone: onClose,
    failure: 'Could not dismiss the booking',
    fieldErrors: (error) => fieldErrorsOf(error, { reason: [] }),
  });
  return (
    <ReasonForm
      {...dismiss}
      reason={{ ...form.getInputProps('reason'), description: 'Kept with the booking, e.g. a test booking or spam' }}
      submitLabel="Dismiss booking"
      submitColor="red.9"
    >
      <BookingSummary booking={booking} />
    </ReasonForm>
  );
}
