// 'Application Under Review' (spec §2): what was submitted and what happens next.

import { Badge, Button, Card, List, Stack, Title } from '@mantine/core';
import { PARTNER_STATUS_LABELS, REVIEW_TIME, formatDate, type PartnerProfile } from '@portal/contracts';
import { IconClockHour4 } from '@tabler/icons-react';
import { ProfileFacts } from './profile-facts';
import { SignOutActions } from './sign-out-actions';
import { IconCardHeading } from '../../components/card-heading';

export interface PendingReviewProps {
  partner: Pick<PartnerProfile, 'companyName' | 'contactName' | 'status' | 'applicationDate'>;
  onSignOut: () => void;
  onRefresh?: () => void;
}

export function PendingReview({ partner, onSignOut, onRefresh }: PendingReviewProps) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" maw={640} w="100%">
      <Stack gap="lg">
        <IconCardHeading
          icon={<IconClockHour4 size={26} aria-hidden />}
          color="yellow"
          title="Application Under Review"
          description="Thank you for applying. Your partner application has been received."
        />

        <ProfileFacts
          facts={[
            ['Company', partner.companyName],
            ['Contact', partner.contactName],
            [
              'Status',
              <Badge key="status" color="yellow.4" variant="filled" autoContrast>
                {PARTNER_STATUS_LABELS[partner.status]}
              </Badge>,
            ],
            ['Submitted', formatDate(partner.applicationDate)],
          ]}
        />

        <div>
          <Title order={2} size="h4" mb="xs">
            What happens next?
          </Title>
          <List spacing="xs" size="sm">
            <List.Item>Our team will review your application within {REVIEW_TIME}.</List.Item>
            <List.Item>You will receive an email notification once your application is approved.</List.Item>
            <List.Item>After approval, you will get access to your partner dashboard.</List.Item>
            <List.Item>You will receive your unique referral code and marketing materials.</List.Item>
          </List>
        </div>

        <SignOutActions justify="flex-end" gap="sm" onSignOut={onSignOut}>
          {onRefresh && (
            <Button variant="light" onClick={onRefresh}>
              Check Status
            </Button>
          )}
        </SignOutActions>
      </Stack>
    </Card>
  );
}
