// Client payments, the source of fees under the fee basis `clientPayment` (the program setting; the
// default): record one payment (partner, then client, month, amount, paid date, collection cost,
// reference), import a month of payments from a CSV (the report of every row first, then confirm), the
// Stripe payments no client could be found for, a client's payments (with "Record refund"), and the won
// clients with no payment recorded for last month. Under `activeMonth` the accrual panel shows.

import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CLIENT_PAYMENT_MESSAGES } from '@portal/contracts';
import { formatMoney, formatMonthKey, monthKey, previousMonthKey, todayIsoDate } from '@portal/contracts/plain';
import { IconCashBanknote, IconFileImport } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { afterCommissionChange } from '../../../lib/invalidate';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { AccrualPanel } from './accrual-panel';
import { ClientPaymentList } from './client-payment-list';
import { UnmatchedStripePayments } from './unmatched-stripe-payments';
import { useWonClientPicker } from './won-client-picker';
import { ColumnTable } from '../../../components/column-table';
import { MonthInput } from '../../../components/month-input';
import { StackedForm } from '../../../layout/form-actions';
import { FreshDialog } from '../../../layout/fresh-dialog';

type ImportReport = RouterOutputs['admin']['importClientPayments'];

/** The accrual panel or the client payments panel, as the program's fee basis says. */
export function FeesPanel() {
  const settings = trpc.admin.programSettings.useQuery();
  if (settings.data?.feeBasis === 'activeMonth') return <AccrualPanel />;
  if (!settings.data) return null;
  return <ClientPaymentsPanel />;
}

export function ClientPaymentsPanel() {
  const [dialog, setDialog] = useState<'record' | 'import' | null>(null);
  const missing = trpc.admin.clientsMissingPayment.useQuery();
  const close = () => setDialog(null);
  return (
    <Card withBorder padding="lg" radius="md" data-testid="client-payments-panel">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h4">
            Client payments
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            Fees follow client payments, as the partner agreement says: a payment for a month in which the client was
            active earns that month&apos;s fee, less the share of any collection cost, due 30 days after the payment.
          </Text>
        </div>
        <Group gap="xs">
          <Button leftSection={<IconCashBanknote size={16} />} onClick={() => setDialog('record')}>
            Record payment
          </Button>
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setDialog('import')}>
            Import CSV
          </Button>
        </Group>
      </Group>

      <UnmatchedStripePayments />

      <ClientPaymentList />

      <Title order={3} size="h5" mt="lg" mb="xs">
        {missing.data
          ? `No payment recorded for ${formatMonthKey(missing.data.month)}`
          : 'Clients with no payment for last month'}
      </Title>
      {missing.isError ? (
        <Alert color="red">{errorMessage(missing.error, 'Unable to load the clients without a payment.')}</Alert>
      ) : missing.data && missing.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Every active client has a payment recorded for last month.
        </Text>
      ) : (
        <VerticalScroller mah={260} label="Clients with no payment recorded for last month">
          <ColumnTable
            striped
            highlightOnHover
            data-testid="missing-payments"
            rows={missing.data?.items ?? []}
            rowKey={(item) => item.referralId}
            columns={[
              {
                header: 'Client',
                card: 'title',
                cell: (item) => (
                  <>
                    <Text size="sm">{item.clientCompanyName}</Text>
                    <Text size="xs" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
                      via {item.partnerCompanyName}
                      {item.clientEmail ? ` · ${item.clientEmail}` : ''}
                    </Text>
                  </>
                ),
              },
              {
                header: 'Monthly fee',
                numeric: true,
                card: 'aside',
                cell: (item) => formatMoney(item.commissionAmount),
              },
            ]}
          />
        </VerticalScroller>
      )}

      <RecordPaymentDialog opened={dialog === 'record'} onClose={close} />
      <ImportPaymentsDialog opened={dialog === 'import'} onClose={close} />
    </Card>
  );
}

/** Record payment: each opening starts from an empty form (no partner, no client, last month, today). */
export function RecordPaymentDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FreshDialog opened={opened} onClose={onClose} title="Record a client payment" size="lg">
      <RecordPaymentForm onClose={onClose} />
    </FreshDialog>
  );
}

function RecordPaymentForm({ onClose }: { onClose: () => void }) {
  const utils = trpc.useUtils();
  const now = new Date();
  const [clientError, setClientError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const client = useWonClientPicker(clientError);
  const referralId = client.referralId;
  const monthlyValue = client.monthlyValue;
  const [values, setValues] = useState({
    periodMonth: previousMonthKey(now),
    amount: '',
    paidAt: now.toISOString().slice(0, 10),
    collectionCost: '',
    reference: '',
  });
  // A client usually pays a month of its service: the amount follows the chosen client's monthly value
  // until the admin types one of their own.
  const prefilled = useRef('');
  useEffect(() => {
    const previous = prefilled.current;
    prefilled.current = monthlyValue ?? '';
    if (monthlyValue) {
      setClientError(null);
      setAmountError(null);
    }
    setValues((current) =>
      current.amount && current.amount !== previous ? current : { ...current, amount: monthlyValue ?? '' },
    );
  }, [monthlyValue]);
  const record = trpc.admin.recordClientPayment.useMutation();
  const submitOnce = useFormMutation({
    mutate: record.mutateAsync,
    success: (result) => [
      'Payment recorded',
      result.commission
        ? `It earned a fee of ${formatMoney(result.commission.amount)}.${
            result.commission.dueBy && result.offeredOn
              ? ` ${CLIENT_PAYMENT_MESSAGES.feeSchedule({ offeredOn: result.offeredOn, dueBy: result.commission.dueBy, today: todayIsoDate() })}`
              : ''
          }`
        : `It earned no fee: ${result.reason ?? ''}`,
    ],
    refresh: () => Promise.all([afterCommissionChange(utils), utils.admin.clientsMissingPayment.invalidate()]),
    onDone: onClose,
    failure: 'The payment was not recorded',
  });
  const set = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    // Each missing field says so under itself, both at once.
    setClientError(referralId ? null : 'Choose the client');
    setAmountError(values.amount.trim() ? null : 'Enter the amount paid');
    if (!referralId || !values.amount.trim()) return;
    void submitOnce.run({
      id: referralId,
      periodMonth: values.periodMonth,
      amount: values.amount.trim(),
      paidAt: values.paidAt,
      ...(values.collectionCost.trim() ? { collectionCost: values.collectionCost.trim() } : {}),
      ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
    });
  }
  return (
    <StackedForm onSubmit={submit} onCancel={onClose} pending={submitOnce.pending} submitLabel="Record payment">
      {client.fields}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <MonthInput
          label="Month paid for"
          value={values.periodMonth}
          max={monthKey(now)}
          onChange={(periodMonth) => setValues((current) => ({ ...current, periodMonth }))}
        />
        <TextInput type="date" label="Paid on" value={values.paidAt} onChange={set('paidAt')} />
        <TextInput
          label="Amount"
          leftSection="$"
          inputMode="decimal"
          value={values.amount}
          onChange={(event) => {
            set('amount')(event);
            setAmountError(null);
          }}
          description={
            client.monthlyValue ? `The client's monthly value: ${formatMoney(client.monthlyValue)}` : undefined
          }
          error={amountError}
        />
        <TextInput
          label="Collection cost"
          description="Deducted proportionally; optional"
          placeholder="0.00"
          inputMode="decimal"
          value={values.collectionCost}
          onChange={set('collectionCost')}
        />
      </SimpleGrid>
      <TextInput label="Reference" placeholder="Invoice number" value={values.reference} onChange={set('reference')} />
    </StackedForm>
  );
}

function ImportPaymentsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const importPayments = trpc.admin.importClientPayments.useMutation({
    onSuccess: async (result) => {
      setReport(result);
      if (result.written) {
        notifySuccess(
          'Payments imported',
          `${result.recorded} recorded, ${result.feesCreated} fees earned (${formatMoney(result.feeTotal)}).`,
        );
        await Promise.all([afterCommissionChange(utils), utils.admin.clientsMissingPayment.invalidate()]);
      }
    },
    onError: (e) => notifyFailure('The file was not imported', e),
  });
  const reset = () => {
    setFile(null);
    setCsv(null);
    setReport(null);
  };
  async function choose(chosen: File | null) {
    setFile(chosen);
    setReport(null);
    if (!chosen) return setCsv(null);
    const text = await chosen.text();
    setCsv(text);
    importPayments.mutate({ csv: text, dryRun: true });
  }
  const canConfirm = report && report.dryRun && report.errorCount === 0 && csv;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        reset();
        onClose();
      }}
      title="Import client payments"
      size="xl"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A CSV with the columns client_email or referral_id, period (YYYY-MM), amount, paid_date (YYYY-MM-DD),
          collection_cost and reference. Every row is checked first; nothing is recorded while a row has an error. Rows
          imported before are not recorded again.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        />
        {report && <ImportReportTable report={report} />}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {report?.written ? 'Done' : 'Cancel'}
          </Button>
          {!report?.written && (
            <Button
              disabled={!canConfirm}
              loading={importPayments.isPending}
              onClick={() => csv && importPayments.mutate({ csv, dryRun: false })}
            >
              {report && report.errorCount === 0
                ? `Record ${report.okCount} ${report.okCount === 1 ? 'payment' : 'payments'}`
                : 'Record payments'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportReportTable({ report }: { report: ImportReport }) {
  return (
    <Stack gap="xs" data-testid="import-report">
      {report.errorCount > 0 ? (
        <Alert color="red" role="alert">
          {report.errorCount} {report.errorCount === 1 ? 'row has an error' : 'rows have errors'}: nothing will be
          recorded. Fix the file and choose it again.
        </Alert>
      ) : report.written ? (
        <Alert color="teal">
          Recorded {report.recorded} payments; {report.feesCreated} fees earned ({formatMoney(report.feeTotal)}).
        </Alert>
      ) : (
        <Alert color="blue">
          {report.okCount} rows are ready; they earn {formatMoney(report.feeTotal)} in fees.
        </Alert>
      )}
      <VerticalScroller mah={320} label="Import report">
        <ColumnTable
          striped
          withTableBorder
          fz="sm"
          rows={report.rows}
          rowKey={(row) => String(row.row)}
          rowProps={(row) => ({ 'data-row-ok': String(row.ok) })}
          columns={[
            { header: 'Row', cell: (row) => row.row },
            { header: 'Client', card: 'title', cell: (row) => row.clientCompanyName ?? '—' },
            { header: 'Month', cell: (row) => row.periodMonth ?? '—' },
            { header: 'Amount', numeric: true, cell: (row) => (row.amount ? formatMoney(row.amount) : '—') },
            { header: 'Fee', numeric: true, card: 'aside', cell: (row) => (row.fee ? formatMoney(row.fee) : '—') },
            { header: 'Check', card: 'full', cell: (row) => <ImportCheck row={row} /> },
          ]}
        />
      </VerticalScroller>
    </Stack>
  );
}

function ImportCheck({ row }: { row: ImportReport['rows'][number] }) {
  if (!row.ok)
    return (
      <Text size="xs" c="var(--mantine-color-error)">
        {row.message}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={row.alreadyImported ? 'gray.7' : 'teal.9'} variant="filled" autoContrast>
        {row.alreadyImported ? 'Imported before' : 'OK'}
      </Badge>
      {row.message && !row.alreadyImported && (
        <Text size="xs" c="dimmed">
          {row.message}
        </Text>
      )}
    </Group>
  );
}

/**
 * A list that scrolls up and down within its height; the column table inside scrolls sideways itself. The
 * scroll content is a block (Mantine's is a min-width table), so the table's container query sees the
 * panel's width.
 */
function VerticalScroller({ mah, label, children }: { mah: number; label: string; children: ReactNode }) {
  return (
    <ScrollArea.Autosize
      mah={mah}
      type="auto"
      scrollbars="y"
      styles={{ content: { display: 'block', minWidth: 0 } }}
      viewportProps={{ tabIndex: 0, 'aria-label': label }}
    >
      {children}
    </ScrollArea.Autosize>
  );
}
