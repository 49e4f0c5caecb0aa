// 'Partner Application Details' (spec §2): company, contact, business details, status and dates. A
// pending application is decided here as in the approval queue (approve asks first, reject takes an
// optional reason); the statements of a partner who was approved follow, an applicant has none.

import { Alert, Anchor, Center, Divider, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PartnerDetails } from '@portal/contracts';
import { COMPANY_TYPE_LABELS, PAYMENT_METHOD_LABELS, formatDate } from '@portal/contracts/plain';
import { useState, type ReactNode } from 'react';
import { trpc } from '../../../lib/trpc';
import { PartnerStatusBadge } from './partner-status-badge';
import { PartnerStatements } from './partner-statements';
import { DecisionButtons, useApplicationDecisions } from './application-decisions';

export const PARTNER_DETAILS_NOT_FOUND = 'Partner details not found';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children ?? 'Not provided'}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/** The details of the way the partner is paid, and only those: a PayPal email, or a bank account (masked). */
function PaymentDetailsFacts({ partner }: { partner: PartnerDetails }) {
  if (partner.paymentMethod === 'PayPal') return <Fact label="PayPal Email">{partner.paypalEmailMasked}</Fact>;
  return (
    <>
      <Fact label="Bank">{partner.bankName}</Fact>
      <Fact label="Account Holder">{partner.bankAccountHolderName}</Fact>
      <Fact label="Routing Number">{partner.bankRoutingNumberMasked}</Fact>
      <Fact label="Account Number">{partner.bankAccountNumberMasked}</Fact>
    </>
  );
}

export function PartnerDetailsView({ partner }: { partner: PartnerDetails }) {
  return (
    <Stack gap="md">
      <Section title="Company Information">
        <Fact label="Company">{partner.companyName}</Fact>
        <Fact label="Company Type">{COMPANY_TYPE_LABELS[partner.companyType]}</Fact>
        <Fact label="Website">
          {partner.website ? (
            <Anchor href={partner.website} target="_blank" rel="noopener noreferrer">
              {partner.website}
            </Anchor>
          ) : null}
        </Fact>
        <Fact label="Expected Volume">{partner.expectedVolume}</Fact>
      </Section>
      <Divider />
      <Section title="Contact Information">
        <Fact label="Contact">{partner.contactName}</Fact>
        <Fact label="Email">{partner.email}</Fact>
        <Fact label="Phone">{partner.phone}</Fact>
      </Section>
      <Divider />
      <Section title="Business Details">
        <Fact label="Referral Code">{partner.referralCode}</Fact>
        <Fact label="Payment Method">{PAYMENT_METHOD_LABELS[partner.paymentMethod]}</Fact>
        <PaymentDetailsFacts partner={partner} />
        <Fact label="Agreement">
          {partner.agreementSigned
            ? `Signed ${formatDate(partner.agreementSignedAt)} (version ${partner.agreementVersion})`
            : 'Not signed'}
        </Fact>
      </Section>
      <Divider />
      <Section title="Application Status">
        <Fact label="Status">
          <PartnerStatusBadge status={partner.status} />
        </Fact>
        <Fact label="Application Date">{formatDate(partner.applicationDate)}</Fact>
        {partner.approvedAt && <Fact label="Approved">{formatDate(partner.approvedAt)}</Fact>}
        {partner.rejectedAt && <Fact label="Rejected">{formatDate(partner.rejectedAt)}</Fact>}
        {partner.rejectionReason && <Fact label="Rejection Reason">{partner.rejectionReason}</Fact>}
        {partner.suspendedAt && <Fact label="Suspended">{formatDate(partner.suspendedAt)}</Fact>}
        {partner.suspensionReason && <Fact label="Suspension Reason">{partner.suspensionReason}</Fact>}
      </Section>
    </Stack>
  );
}

/** Reject and Approve of a pending application, under its details. */
function ApplicationActions(props: {
  partner: PartnerDetails;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm" data-testid="application-actions">
      <DecisionButtons {...props} />
    </Group>
  );
}

export function PartnerDetailsDialog({ partnerId, onClose }: { partnerId: string | null; onClose: () => void }) {
  const details = trpc.admin.partner.useQuery({ id: partnerId ?? '' }, { enabled: partnerId !== null });
  // A decision made here closes the details: the application has left the queue.
  const decisions = useApplicationDecisions({ onDecided: onClose });
  const partner = details.data;
  return (
    <>
      <Modal opened={partnerId !== null} onClose={onClose} title="Partner Application Details" size="lg">
        {details.isLoading ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading partner details" />
          </Center>
        ) : partner ? (
          <Stack gap="md">
            <PartnerDetailsView partner={partner} />
            {partner.status === 'pending' && (
              <ApplicationActions
                partner={partner}
                busy={decisions.busyFor(partner.id)}
                onApprove={() => decisions.askApproval(partner)}
                onReject={() => decisions.askRejection(partner)}
              />
            )}
            {partner.approvedAt && (
              <>
                <Divider />
                <PartnerStatements partnerId={partner.id} />
              </>
            )}
          </Stack>
        ) : (
          <Alert color="gray">{PARTNER_DETAILS_NOT_FOUND}</Alert>
        )}
      </Modal>
      {decisions.dialogs}
    </>
  );
}

/** The details dialog of the partner a list asks to see (`show`, with the partner's id), to render once (`dialog`). */
export function usePartnerDetailsDialog() {
  const [partnerId, setPartnerId] = useState<string | null>(null);
  return {
    show: setPartnerId,
    dialog: <PartnerDetailsDialog partnerId={partnerId} onClose={() => setPartnerId(null)} />,
  };
}
