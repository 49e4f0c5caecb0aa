// The partner's referral link (spec §2 Marketing tab): origin + /r/{code}, copy button, visits.

import { ActionIcon, Badge, CopyButton, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { MESSAGES } from '@portal/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { notifySuccess } from '../../lib/notify';
import { SettingsCard } from './settings-card';

export function referralLinkFor(origin: string, referralCode: string): string {
  return `${origin}/r/${encodeURIComponent(referralCode)}`;
}

export function ReferralLinkCard({ referralCode, visitsThisMonth }: { referralCode: string; visitsThisMonth: number }) {
  const link = referralLinkFor(window.location.origin, referralCode);
  return (
    <SettingsCard
      title="Your Referral Link"
      description="Share this link with e-commerce businesses. Visits and consultations are tracked to your account."
      gap="sm"
    >
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label="Referral link"
          value={link}
          readOnly
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
              <ActionIcon
                size={36}
                variant="filled"
                color={copied ? 'teal' : undefined}
                aria-label="Copy referral link"
                onClick={() => {
                  copy();
                  notifySuccess(MESSAGES.linkCopied, 'Your referral link is on the clipboard.');
                }}
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            Referral code:
          </Text>
          <Badge variant="light" size="lg" radius="sm" style={{ textTransform: 'none' }} data-testid="referral-code">
            {referralCode}
          </Badge>
        </Group>
        <Text size="sm" data-testid="link-visits">
          <Text span fw={700}>
            {visitsThisMonth}
          </Text>{' '}
          link {visitsThisMonth === 1 ? 'visit' : 'visits'} this month
        </Text>
      </Group>
    </SettingsCard>
  );
}
