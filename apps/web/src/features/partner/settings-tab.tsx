// Settings tab (spec §2): the partner's account (read-only), the password, the mail notifications, and
// ending the partnership by notice.

import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
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
import { SettingsCard } from './settings-card';

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
      <SettingsCard title="Account settings" description="Your account as the program sees it.">
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
      </SettingsCard>
      <SettingsCard
        title="Password"
        description="Changing it signs out your other sessions."
        gap="sm"
        align="flex-start"
      >
        <Button variant="light" leftSection={<IconKey size={16} />} onClick={() => setChangingPassword(true)}>
          Change password
        </Button>
      </SettingsCard>
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
