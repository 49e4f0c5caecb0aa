// The header's 'Export Data' button: partners, referrals or commissions as CSV. A download needs
// the bearer token, so it is fetched with the Authorization header and saved through a blob URL.

import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../lib/notify';
import { authHeaders } from '../../lib/trpc';

/** The file name of a Content-Disposition header, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/** Fetches an authenticated CSV and hands it to the browser as a download. */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(path, { headers: authHeaders() });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `${res.status}: ${res.statusText}`);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser; the URL can go once the event loop turns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

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
      await downloadWithToken(`/api/admin/exports/${kind}.csv`, `${kind}.csv`);
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
