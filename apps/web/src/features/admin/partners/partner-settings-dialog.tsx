// Partner Settings: the program's terms as they stand, read-only (commission per service, agreement version).

import { Modal, Stack, Table, Text } from '@mantine/core';
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
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Service</Table.Th>
            <Table.Th ta="right">Commission per month</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SERVICE_TYPES.map((service) => (
            <Table.Tr key={service}>
              <Table.Td>{SERVICE_TYPE_LABELS[service]}</Table.Td>
              <Table.Td ta="right">{formatMoney(COMMISSION_BY_SERVICE[service])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
