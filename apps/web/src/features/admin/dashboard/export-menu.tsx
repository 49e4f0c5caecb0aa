// The header's 'Export Data' button: partners, referrals or commissions as CSV. A download needs
// the bearer token, so it is fetched with the Authorization header and saved through a blob URL.

import { Button, Group, Loader, Menu, Modal, Select, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconReceiptTax } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from '../../../lib/notify';
import { EXPORT_KINDS, type ExportKind } from '@portal/contracts/plain';
import { downloadFile } from '../../../lib/rest';

const EXPORT_LABELS: Record<ExportKind, string> = {
  partners: 'Partners (CSV)',
  referrals: 'Referrals (CSV)',
  commissions: 'Commissions (CSV)',
};

/** The tax years offered: this one and the five before it, newest first. */
export const taxYears = (now: Date = new Date()) =>
  Array.from({ length: 6 }, (_, back) => String(now.getUTCFullYear() - back));

/** Picks the tax year of the 1099-NEC report (default: last year, the one being filed). */
export function Form1099Dialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const years = taxYears();
  const [year, setYear] = useState(years[1] ?? years[0] ?? '');
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadFile(`/api/admin/exports/1099-nec/${year}.csv`, `1099-nec-${year}.csv`);
      onClose();
    } catch (error) {
      notifyFailure('Export failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="1099-NEC report" centered size="sm">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          One row per partner whose payouts in the tax year reach the 1099-NEC threshold, with the decrypted TIN. The
          download is logged.
        </Text>
        <Select
          label="Tax year"
          data={years}
          value={year}
          onChange={(value) => value && setYear(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void download()}>
            Download CSV
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ExportDataMenu() {
  const [busy, setBusy] = useState<string | null>(null);
  const [taxFormOpen, setTaxFormOpen] = useState(false);

  async function download(kind: ExportKind) {
    setBusy(kind);
    try {
      await downloadFile(`/api/admin/exports/${kind}.csv`, `${kind}.csv`);
    } catch (error) {
      notifyFailure('Export failed', error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          {/* Busy until the file has arrived: the label says which export is being prepared. */}
          <Button
            variant="default"
            leftSection={busy ? <Loader size={14} aria-hidden /> : <IconDownload size={16} />}
            disabled={busy !== null}
            aria-busy={busy !== null}
          >
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
          <Menu.Divider />
          <Menu.Label>Tax forms</Menu.Label>
          <Menu.Item leftSection={<IconReceiptTax size={16} />} onClick={() => setTaxFormOpen(true)}>
            1099-NEC report (CSV)...
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Form1099Dialog opened={taxFormOpen} onClose={() => setTaxFormOpen(false)} />
    </>
  );
}
