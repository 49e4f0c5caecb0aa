// "Export CSV": the entries matching the current filters, downloaded through the session's token.

import { Button } from '@mantine/core';
import { ACTIVITY_MESSAGES } from '@portal/contracts/plain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from '../../../lib/notify';
import { downloadFile } from '../../../lib/rest';

export function ActivityExportButton({ params }: { params: Record<string, string> }) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const query = new URLSearchParams(params).toString();
      await downloadFile(`/api/admin/activity.csv${query ? `?${query}` : ''}`, 'activity.csv');
    } catch (error) {
      notifyFailure(ACTIVITY_MESSAGES.exportFailed, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void download()}>
      Export CSV
    </Button>
  );
}
