// Partner Settings: the program's terms as they stand, read-only (commission per service, agreement version).

import { Modal, Stack, Text } from '@mantine/core';
import { ColumnTable } from '../../../components/column-table';
import {
  COMMISSION_BY_SERVICE,
  DEFAULT_AGREEMENT_VERSION,
  SERVICE_TYPE_LABELS,
  SERVICE_TYPES,
  formatMoney,
} from '@portal/contracts/plain';

export function PartnerSettingsView() {
  return (
    <Stack gap="md">
      <ColumnTable
        withTableBorder
        rows={SERVICE_TYPES}
        rowKey={(service) => service}
        columns={[
          { header: 'Service', card: 'title', cell: (service) => SERVICE_TYPE_LABELS[service] },
          {
            header: 'Commission per month',
            numeric: true,
            cell: (service) => formatMoney(COMMISSION_BY_SERVICE[service]),
          },
        ]}
      />
      <div>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          Affiliate Agreement version
        </Text>
        <Text>{DEFAULT_AGREEMENT_VERSION}</Text>
      </div>
      <Text size="sm" c="dimmed">
        Commissions are paid monthly for each active client. These terms are set by the program and cannot be changed
        here.
      </Text>
    </Stack>
  );
}

export function PartnerSettingsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Partner Settings" size="md">
      <PartnerSettingsView />
    </Modal>
  );
}
