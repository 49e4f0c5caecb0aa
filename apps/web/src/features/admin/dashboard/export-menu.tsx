// The header's 'Export Data' button: partners, referrals or commissions as CSV. A download needs
// the bearer token, so it is fetched with the Authorization header and saved through a blob URL.

import { Alert, Button, Group, Loader, Menu, Modal, Select, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconReceiptTax } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from '../../../lib/notify';
import { EXPORT_KINDS, formatMoney, type ExportKind } from '@portal/contracts/plain';
import { downloadFile, fetchFile, saveFile } from '../../../lib/rest';
import { trpc } from '../../../lib/trpc';

const EXPORT_LABELS: Record<ExportKind, string> = {
  partners: 'Partners (CSV)',
  referrals: 'Referrals (CSV)',
  commissions: 'Commissions (CSV)',
};

/** The tax years offered: this one and the five before it, newest first. */
export const taxYears = (now: Date = new Date()) =>
  Array.from({ length: 6 }, (_, back) => String(now.getUTCFullYear() - back));

/**
 * The year the 1099-NEC dialog opens on: the year of the latest payout (the year with payments to
 * report), this year while there is none, and never a year the list does not offer.
 */
export function defaultTaxYear(latestPayoutAt: string | null | undefined, now: Date = new Date()): string {
  const years = taxYears(now);
  const latest = latestPayoutAt ? String(new Date(latestPayoutAt).getUTCFullYear()) : null;
  return latest && years.includes(latest) ? latest : (years[0] ?? String(now.getUTCFullYear()));
}

/** What the dialog says when no partner's payments reached the year's threshold (no file is saved then). */
export const nobodyReachedThreshold = (year: string, threshold: string | null) =>
  `No partner was paid ${threshold ? `${formatMoney(threshold)} or more` : 'up to the threshold'} in ${year}, so there is nothing to report on 1099-NEC and no file was downloaded.`;

/** Picks the tax year of the 1099-NEC report (default: the latest year with payouts). */
export function Form1099Dialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const years = taxYears();
  const latest = trpc.admin.payouts.useQuery({ limit: 1 }, { enabled: opened });
  const [chosen, setChosen] = useState<string | null>(null);
  const year = chosen ?? defaultTaxYear(latest.data?.items[0]?.paidAt);
  const [busy, setBusy] = useState(false);
  const [empty, setEmpty] = useState<string | null>(null);

  function close() {
    setEmpty(null);
    setChosen(null);
    onClose();
  }

  async function download() {
    setBusy(true);
    setEmpty(null);
    try {
      const file = await fetchFile(`/api/admin/exports/1099-nec/${year}.csv`, `1099-nec-${year}.csv`);
      if (file.headers.get('x-partner-count') === '0') {
        setEmpty(nobodyReachedThreshold(year, file.headers.get('x-threshold')));
        return;
      }
      saveFile(file);
      close();
    } catch (error) {
      notifyFailure('Export failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="1099-NEC report" centered size="sm">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          One row per partner whose payouts in the tax year reach the 1099-NEC threshold, with the decrypted TIN. The
          download is logged.
        </Text>
        <Select
          label="Tax year"
          data={years}
          value={year}
          onChange={(value) => {
            if (!value) return;
            setChosen(value);
            setEmpty(null);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {empty && (
          <Alert color="blue" variant="light" role="status" data-testid="form-1099-empty">
            <Text size="sm">{empty}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {empty ? 'Close' : 'Cancel'}
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
