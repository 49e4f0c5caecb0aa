// Monthly statements: pick a month, download it as PDF or CSV. The partner's Commissions
// tab downloads its own; the admin's partner view downloads any partner's.

import { Button, Group, Select, Stack } from '@mantine/core';
import { formatMonthKey, monthKey } from '@portal/contracts/plain';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { notifyFailure } from '../../../lib/notify';
import { downloadFile } from '../../../lib/rest';
import { CardHeading } from '../../../components/card-heading';

type StatementFormat = 'pdf' | 'csv';

const FORMATS: { format: StatementFormat; label: string; icon: ReactNode }[] = [
  { format: 'pdf', label: 'PDF', icon: <IconFileTypePdf size={16} /> },
  { format: 'csv', label: 'CSV', icon: <IconFileSpreadsheet size={16} /> },
];

/** The last `count` months, newest first, as Select options ("2026-11" → "November 2026"). */
export function recentMonths(count: number, now: Date = new Date()): Array<{ value: string; label: string }> {
  return Array.from({ length: count }, (_, back) => {
    const key = monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
    return { value: key, label: formatMonthKey(key) };
  });
}

/** A month picker and the two download buttons; `pathOf` names the file to fetch. */
export function StatementDownloads({
  pathOf,
  fileLabel,
  months: offered,
}: {
  pathOf: (month: string, format: StatementFormat) => string;
  fileLabel: string;
  /** The months to offer, newest first, the first one chosen; by default the last 24 with last month chosen. */
  months?: Array<{ value: string; label: string }>;
}) {
  const months = offered ?? recentMonths(24);
  const [month, setMonth] = useState<string>(
    (offered ? months[0]?.value : (months[1]?.value ?? months[0]?.value)) ?? '',
  );
  const [busy, setBusy] = useState<StatementFormat | null>(null);

  async function download(format: StatementFormat) {
    setBusy(format);
    try {
      await downloadFile(pathOf(month, format), `${fileLabel}-${month}.${format}`);
    } catch (error) {
      notifyFailure('Download failed', error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Statement month"
        data={months}
        value={month}
        onChange={(value) => value && setMonth(value)}
        allowDeselect={false}
        w={200}
        comboboxProps={{ withinPortal: true }}
      />
      {FORMATS.map(({ format, label, icon }) => (
        <Button
          key={format}
          variant="light"
          leftSection={icon}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => void download(format)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

/** The admin's statements of one partner. */
export function PartnerStatements({ partnerId }: { partnerId: string }) {
  return (
    <Stack gap="xs">
      <CardHeading
        order={4}
        size="h5"
        title="Statements"
        description="Opening balance, commissions, payouts and closing balance of a month."
      />
      <StatementDownloads
        fileLabel="statement"
        pathOf={(month, format) => `/api/admin/partners/${encodeURIComponent(partnerId)}/statements/${month}.${format}`}
      />
    </Stack>
  );
}
