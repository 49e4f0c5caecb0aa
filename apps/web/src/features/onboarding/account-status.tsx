// 'Account Status: {status}' (spec §2) for a partner who is neither pending nor active.

import { Alert, Anchor, Badge, Card, Stack, Text, Title } from '@mantine/core';
import { PARTNER_STATUS_LABELS, type PartnerProfile, type PartnerStatus } from '@portal/contracts';
import { ProfileFacts } from './profile-facts';
import { SignOutActions } from './sign-out-actions';

const STATUS_COLORS: Partial<Record<PartnerStatus, string>> = {
  rejected: 'red.8',
  suspended: 'orange.8',
  inactive: 'gray.7',
};

export interface AccountStatusProps {
  partner: Pick<PartnerProfile, 'companyName' | 'status' | 'rejectionReason' | 'suspensionReason' | 'supportEmail'>;
  onSignOut: () => void;
}

export function AccountStatus({ partner, onSignOut }: AccountStatusProps) {
  const label = PARTNER_STATUS_LABELS[partner.status];
  const color = STATUS_COLORS[partner.status] ?? 'gray.7';
  const reason = { rejected: partner.rejectionReason, suspended: partner.suspensionReason }[partner.status as string];
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" maw={560} w="100%">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Account Status: {label}
        </Title>
        <ProfileFacts
          facts={[
            ['Company', partner.companyName],
            [
              'Status',
              <Badge key="status" color={color} variant="filled" autoContrast>
                {label}
              </Badge>,
            ],
            ...(reason ? ([['Reason', reason]] as const) : []),
          ]}
        />
        <Alert color={color.split('.')[0]} variant="light">
          <Text size="sm">
            {partner.status === 'rejected'
              ? 'Your application was not approved.'
              : 'Your partner account is not active.'}{' '}
            {partner.supportEmail ? (
              <>
                Questions about your account? Write to{' '}
                {/* The alert's own text colour, underlined: readable on the tinted alert in both themes. */}
                <Anchor
                  href={`mailto:${partner.supportEmail}`}
                  size="sm"
                  c="inherit"
                  fw={600}
                  underline="always"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {partner.supportEmail}
                </Anchor>
                .
              </>
            ) : (
              'Please contact the partner program team if you have questions about your account.'
            )}
          </Text>
        </Alert>
        <SignOutActions justify="flex-end" onSignOut={onSignOut} />
      </Stack>
    </Card>
  );
}
