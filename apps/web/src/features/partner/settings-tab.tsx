// Settings tab (spec §2): the partner's account (read-only), the password, the mail notifications, and
// ending the partnership by notice.

import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PartnerStatusBadge } from '../admin/partners/partner-status-badge';
import { COMPANY_TYPE_LABELS, PAYMENT_METHOD_LABELS, type PartnerProfile } from '@portal/contracts';
import { IconExternalLink, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { ChangePasswordDialog } from '../auth/change-password-dialog';
import { EditProfileCard } from './edit-profile-card';
import { MailPreferencesCard } from './mail-preferences-card';
import { TwoFactorCard } from './two-factor-card';
import { UpdateBankDetailsCard } from './update-bank-details-card';
import { TaxInformationCard } from './tax-information-card';
import { EndPartnershipCard } from './end-partnership-card';

function ReadOnlyField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export function SettingsTab({ partner }: { partner: PartnerProfile }) {
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              Account Settings
            </Title>
            <Text size="sm" c="dimmed">
              Your account as the program sees it.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ReadOnlyField label="Company Name">{partner.companyName}</ReadOnlyField>
            <ReadOnlyField label="Contact Name">{partner.contactName}</ReadOnlyField>
            <ReadOnlyField label="Company Type">{COMPANY_TYPE_LABELS[partner.companyType]}</ReadOnlyField>
            <ReadOnlyField label="Website">{partner.website ?? 'Not provided'}</ReadOnlyField>
            <ReadOnlyField label="Payment Method">{PAYMENT_METHOD_LABELS[partner.paymentMethod]}</ReadOnlyField>
            <ReadOnlyField label="Status">
              <PartnerStatusBadge status={partner.status} />
            </ReadOnlyField>
          </SimpleGrid>
          {partner.website && (
            <div>
              <Button
                component="a"
                href={partner.website}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconExternalLink size={16} />}
              >
                Visit Website
              </Button>
            </div>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm" align="flex-start">
          <div>
            <Title order={3} size="h4">
              Password
            </Title>
            <Text size="sm" c="dimmed">
              Changing it signs out your other sessions.
            </Text>
          </div>
          <Button variant="light" leftSection={<IconKey size={16} />} onClick={() => setChangingPassword(true)}>
            Change password
          </Button>
        </Stack>
      </Card>
      <EditProfileCard partner={partner} />
      <UpdateBankDetailsCard partner={partner} />
      <TwoFactorCard />
      <MailPreferencesCard />
      <TaxInformationCard />
      <EndPartnershipCard />
      <ChangePasswordDialog opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </Stack>
  );
}
