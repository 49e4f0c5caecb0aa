// Program terms: the version of the agreement in force (fees, qualification window, extension limit, payout
// days, sales minimum, notice days, fee basis), every earlier version, and — for the administrator — the form
// that publishes the next one. Partners are asked to review and accept a new version at their next visit.

import { Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  FEE_BASIS_LABELS,
  PROGRAM_TERMS_MESSAGES,
  publishProgramTermsInput,
  type ProgramTerms,
  type ProgramTermsOverview,
} from '@portal/contracts';
import { formatDate, formatMoney, todayIsoDate } from '@portal/contracts/plain';
import { IconFileText } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ColumnTable, type TableColumn } from '../../../components/column-table';
import { usePhoneLayout } from '../../../layout/use-phone-layout';
import { errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { DialogForm } from '../../../layout/form-actions';
import { CardHeading } from '../../../components/card-heading';
import { LabelledValue } from '../../../components/labelled-value';
import { PersonName } from '../../../components/person-name';
import { QueryList } from '../../../components/list-section';

/** The agreement text as the form edits it: a section starts with a "# heading" line, paragraphs are separated by blank lines. */
export function agreementToText(terms: Pick<ProgramTerms, 'agreementText'>): string {
  return terms.agreementText.sections
    .map((section) => [`# ${section.heading}`, ...section.paragraphs].join('\n\n'))
    .join('\n\n');
}

export function textToSections(text: string): { heading: string; paragraphs: string[] }[] {
  const sections: { heading: string; paragraphs: string[] }[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const line = block.trim();
    if (!line) continue;
    if (line.startsWith('# ')) sections.push({ heading: line.slice(2).trim(), paragraphs: [] });
    else if (sections.length > 0) sections.at(-1)?.paragraphs.push(line.replace(/\s*\n\s*/g, ' '));
  }
  return sections;
}

interface PublishForm {
  agreementVersion: string;
  basicFee: string;
  controllerFee: string;
  qualificationDays: number | string;
  maxExtensionDays: number | string;
  payoutDays: number | string;
  minAnnualSales: string;
  noticeDays: number | string;
  effectiveFrom: string;
  changes: string;
  agreementText: string;
}

function nextLabel(version: string): string {
  const major = Number.parseInt(version, 10);
  return Number.isFinite(major) ? `${major + 1}.0` : '';
}

function PublishTermsDialog({ current, onClose }: { current: ProgramTerms; onClose: () => void }) {
  const utils = trpc.useUtils();
  const phone = usePhoneLayout();
  const publish = trpc.admin.publishProgramTerms.useMutation();
  const form = useForm<PublishForm>({
    mode: 'controlled',
    initialValues: {
      agreementVersion: nextLabel(current.agreementVersion),
      basicFee: current.fees.basic_accounting,
      controllerFee: current.fees.controller,
      qualificationDays: current.qualificationDays,
      maxExtensionDays: current.maxExtensionDays,
      payoutDays: current.payoutDays,
      minAnnualSales: current.minAnnualSales,
      noticeDays: current.noticeDays,
      effectiveFrom: '',
      changes: '',
      agreementText: agreementToText(current),
    },
  });

  const toInput = (values: PublishForm) => ({
    agreementVersion: values.agreementVersion,
    fees: { basic_accounting: values.basicFee, controller: values.controllerFee },
    qualificationDays: Number(values.qualificationDays),
    maxExtensionDays: Number(values.maxExtensionDays),
    payoutDays: Number(values.payoutDays),
    minAnnualSales: values.minAnnualSales,
    noticeDays: Number(values.noticeDays),
    ...(values.effectiveFrom.trim() ? { effectiveFrom: values.effectiveFrom.trim() } : {}),
    agreementText: { title: current.agreementText.title, sections: textToSections(values.agreementText) },
    changes: values.changes
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  });

  const submit = form.onSubmit(async (values) => {
    const input = toInput(values);
    const checked = publishProgramTermsInput.safeParse(input);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field: Record<string, keyof PublishForm> = {
        agreementVersion: 'agreementVersion',
        fees: issue?.path[1] === 'controller' ? 'controllerFee' : 'basicFee',
        qualificationDays: 'qualificationDays',
        maxExtensionDays: 'maxExtensionDays',
        payoutDays: 'payoutDays',
        minAnnualSales: 'minAnnualSales',
        noticeDays: 'noticeDays',
        effectiveFrom: 'effectiveFrom',
        changes: 'changes',
        agreementText: 'agreementText',
      };
      form.setFieldError(field[String(issue?.path[0])] ?? 'agreementText', issue?.message ?? 'Check this field');
      return;
    }
    // The server's rule, checked before sending: a version governs from today or a later day.
    if (input.effectiveFrom && input.effectiveFrom < todayIsoDate()) {
      form.setFieldError('effectiveFrom', PROGRAM_TERMS_MESSAGES.effectiveInPast);
      return;
    }
    try {
      const published = await publish.mutateAsync(input);
      notifySuccess(
        `Terms version ${published.version} published`,
        `Agreement ${published.agreementVersion} is in force from ${formatDate(published.effectiveFrom)}.`,
      );
      await utils.admin.programTerms.invalidate();
      await utils.public.programTerms.invalidate();
      onClose();
    } catch (error) {
      const onFields = fieldErrorsOf(error, {
        effectiveFrom: [PROGRAM_TERMS_MESSAGES.effectiveInPast, PROGRAM_TERMS_MESSAGES.effectiveFrom],
      });
      if (onFields.effectiveFrom) form.setFieldError('effectiveFrom', onFields.effectiveFrom);
      else notifyError('Publishing the terms failed', errorMessage(error));
    }
  });

  return (
    <DialogForm
      opened
      onClose={onClose}
      title="Publish new terms"
      size="xl"
      fullScreen={phone}
      onSubmit={submit}
      spacing="md"
      pending={publish.isPending}
      submitLabel="Publish version"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label="Agreement version" required {...form.getInputProps('agreementVersion')} />
        <TextInput label="Basic fee (USD/month)" inputMode="decimal" {...form.getInputProps('basicFee')} />
        <TextInput label="Controller fee (USD/month)" inputMode="decimal" {...form.getInputProps('controllerFee')} />
        <NumberInput
          label="Qualification days"
          min={1}
          allowDecimal={false}
          {...form.getInputProps('qualificationDays')}
        />
        <NumberInput
          label="Maximum extension days"
          min={0}
          allowDecimal={false}
          {...form.getInputProps('maxExtensionDays')}
        />
        <NumberInput label="Payout days" min={0} max={365} allowDecimal={false} {...form.getInputProps('payoutDays')} />
        <TextInput
          label="Minimum annual sales (USD)"
          inputMode="decimal"
          // The figure as a reader counts its zeros.
          description={
            /^\d+(\.\d{1,2})?$/.test(form.values.minAnnualSales.trim())
              ? `${formatMoney(form.values.minAnnualSales.trim())} a year`
              : 'Digits, with cents after a point'
          }
          {...form.getInputProps('minAnnualSales')}
        />
        <NumberInput label="Notice days" min={0} max={365} allowDecimal={false} {...form.getInputProps('noticeDays')} />
        <TextInput
          type="date"
          label="Effective from"
          description="Today if left empty"
          min={todayIsoDate()}
          {...form.getInputProps('effectiveFrom')}
        />
      </SimpleGrid>
      <Textarea
        label="What changed"
        description="One short line each; partners read these first"
        required
        autosize
        minRows={2}
        {...form.getInputProps('changes')}
      />
      <Textarea
        label="Agreement text"
        description='A section starts with a "# heading" line; blank lines separate paragraphs'
        autosize
        minRows={8}
        maxRows={16}
        {...form.getInputProps('agreementText')}
      />
    </DialogForm>
  );
}

const VERSION_COLUMNS: TableColumn<ProgramTerms>[] = [
  { header: 'Version', cell: (version) => `Version ${version.version}`, card: 'title', noWrap: true },
  { header: 'Agreement', cell: (version) => version.agreementVersion, card: 'aside' },
  { header: 'Effective', cell: (version) => formatDate(version.effectiveFrom), noWrap: true },
  { header: 'Basic fee', cell: (version) => formatMoney(version.fees.basic_accounting), numeric: true, noWrap: true },
  { header: 'Controller fee', cell: (version) => formatMoney(version.fees.controller), numeric: true, noWrap: true },
  { header: 'What changed', cell: (version) => version.changes.join('; ') || '—', card: 'full' },
  {
    header: 'Published by',
    cell: (version) =>
      version.createdBy ? (
        <PersonName name={version.createdByName} email={version.createdBy} />
      ) : (
        'The original agreement'
      ),
  },
];

function TermsFacts({ terms }: { terms: ProgramTerms }) {
  const facts: [string, string][] = [
    ['Basic Accounting fee', `${formatMoney(terms.fees.basic_accounting)}/month`],
    ['Controller fee', `${formatMoney(terms.fees.controller)}/month`],
    ['Qualification window', `${terms.qualificationDays} days after acceptance`],
    ['Extensions', `up to ${terms.maxExtensionDays} days`],
    ['Payout', `${terms.payoutDays} days after the client pays`],
    ['Minimum annual sales', formatMoney(terms.minAnnualSales)],
    ['Notice', `${terms.noticeDays} days`],
    ['Fee basis', FEE_BASIS_LABELS[terms.feeBasis]],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      {facts.map(([label, value]) => (
        <LabelledValue key={label} label={label} value={value} weight={600} />
      ))}
    </SimpleGrid>
  );
}

/** The terms in force and every version once they have come (`children`), in place of the spinner or the failure. */
export function LoadedProgramTerms({ children }: { children: (terms: ProgramTermsOverview) => ReactNode }) {
  const terms = trpc.admin.programTerms.useQuery();
  return (
    <QueryList
      query={terms}
      failure="Unable to load the program terms."
      loading="Loading the program terms"
      py="md"
      failureText
    >
      {children}
    </QueryList>
  );
}

export function ProgramTermsCard({ canPublish }: { canPublish: boolean }) {
  const terms = trpc.admin.programTerms.useQuery();
  const [publishing, setPublishing] = useState(false);
  const current = terms.data?.current;

  return (
    <Card withBorder padding="lg" radius="md" data-testid="program-terms">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <CardHeading
            order={2}
            size="h4"
            title="Program terms"
            description="The agreement in force and its versions. A referral earns on the version its partner was on when the firm accepted it."
          />
          {canPublish && current && (
            <Button leftSection={<IconFileText size={16} aria-hidden />} onClick={() => setPublishing(true)}>
              Publish new terms
            </Button>
          )}
        </Group>
        <LoadedProgramTerms>
          {({ current: inForce, history }) => (
            <>
              <Group gap="xs">
                <Badge variant="light" data-testid="terms-in-force">
                  Version {inForce.version}
                </Badge>
                <Text size="sm">
                  Agreement {inForce.agreementVersion}, in force from {formatDate(inForce.effectiveFrom)}
                </Text>
              </Group>
              <TermsFacts terms={inForce} />
              <ColumnTable
                columns={VERSION_COLUMNS}
                rows={history}
                rowKey={(version) => String(version.version)}
                aria-label="Program terms versions"
                striped
                verticalSpacing="xs"
              />
            </>
          )}
        </LoadedProgramTerms>
      </Stack>
      {publishing && current && <PublishTermsDialog current={current} onClose={() => setPublishing(false)} />}
    </Card>
  );
}
