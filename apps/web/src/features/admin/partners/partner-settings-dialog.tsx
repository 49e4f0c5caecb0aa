// Partner Settings: the program's terms in force, read-only: the fee per service, the agreement version,
// and when fees are earned and paid. New terms are published from the dashboard's Program terms card.

import { Modal, Stack, Text } from '@mantine/core';
import { FEE_BASIS_LABELS, SERVICE_TYPE_LABELS, SERVICE_TYPES, formatMoney } from '@portal/contracts';
import { ColumnTable } from '../../../components/column-table';
import { LabelledValue } from '../../../components/labelled-value';
import { LoadedProgramTerms } from '../payouts/program-terms-card';

export function PartnerSettingsView() {
  return (
    <LoadedProgramTerms>
      {({ current }) => (
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
                cell: (service) => formatMoney(current.fees[service]),
              },
            ]}
          />
          <LabelledValue label="Affiliate Agreement version" value={current.agreementVersion} />
          <LabelledValue label="Fees are earned" value={FEE_BASIS_LABELS[current.feeBasis]} />
          <Text size="sm" c="dimmed">
            Version {current.version} of the program terms: a fee is paid {current.payoutDays} days after the client
            pays. These terms change only by publishing a new version from Program terms on the dashboard.
          </Text>
        </Stack>
      )}
    </LoadedProgramTerms>
  );
}

export function PartnerSettingsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Partner Settings" size="md">
      <PartnerSettingsView />
    </Modal>
  );
}
