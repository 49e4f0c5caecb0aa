// The header's 'Export Data' button: partners, referrals or commissions as CSV. A download needs
// the bearer token, so it is fetched with the Authorization header and saved through a blob URL.

import { Button, Loader, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../lib/notify';
import { EXPORT_KINDS, type ExportKind } from '@portal/contracts/plain';
import { downloadFile } from '../../lib/rest';

const EXPORT_LABELS: Record<ExportKind, string> = { partners: 'Partners (CSV)', referrals: 'Referrals (CSV)', commissions: 'Commissions (CSV)' };

export function ExportDataMenu() {
  const [busy, setBusy] = useState<ExportKind | null>(null);

  async function download(kind: ExportKind) {
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
        {/* Busy until the file has arrived: the label says which export is being prepared. */}
        <Button variant="default" leftSection={busy ? <Loader size={14} aria-hidden /> : <IconDownload size={16} />} disabled={busy !== null} aria-busy={busy !== null}>
          {busy ? 'Preparing CSV…' : 'Export Data'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Download as CSV</Menu.Label>
        {EXPORT_KINDS.map((kind) => (
          <Menu.Item key={kind} leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void download(kind)}>
            {EXPORT_LABELS[kind]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
