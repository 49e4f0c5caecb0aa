// The header's 'Export Data' button: partners, referrals or commissions as CSV. A download needs
// the bearer token, so it is fetched with the Authorization header and saved through a blob URL.

import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../lib/notify';
import { downloadFile } from '../../lib/rest';

export const EXPORTS = [
  { kind: 'partners', label: 'Partners (CSV)' },
  { kind: 'referrals', label: 'Referrals (CSV)' },
  { kind: 'commissions', label: 'Commissions (CSV)' },
] as const;

export function ExportDataMenu() {
  const [busy, setBusy] = useState<string | null>(null);

  async function download(kind: string) {
    setBusy(kind);
    try {
      await downloadFile(`/api/admin/exports/${kind}.csv`, `${kind}.csv`);
    } catch (error) {
      notifyError('Export failed', error instanceof Error ? error.message : 'An error occurred. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy !== null}>
          Export Data
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Download as CSV</Menu.Label>
        {EXPORTS.map((item) => (
          <Menu.Item key={item.kind} leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void download(item.kind)}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
