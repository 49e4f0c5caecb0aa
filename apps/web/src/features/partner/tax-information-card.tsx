// "Tax information" in the partner's Settings tab: the W-9 facts behind the 1099-NEC.
// The TIN is only ever shown masked; saving needs the certification ticked and the TIN typed anew,
// and replacing what is on file needs the current password too (as new bank details do).

import { Alert, Box, Button, Checkbox, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { taxProfileInput, type TaxProfile } from '@portal/contracts';
import {
  formatDate,
  MESSAGES,
  TAX_CLASSIFICATION_LABELS,
  TAX_CLASSIFICATIONS,
  TAX_MESSAGES,
  TIN_TYPE_LABELS,
  W9_CERTIFICATION_TEXT,
  type TaxClassification,
  type TinType,
} from '@portal/contracts/plain';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { StackedForm } from '../../layout/form-actions';
import { errorMessage } from '../../lib/errors';
import { afterTaxProfileSaved } from '../../lib/invalidate';
import { notifySuccess, notifyFailure } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useSubmitOnce } from '../../lib/use-submit-once';
import { SettingsCard } from './settings-card';
import { optionsOf } from '../../lib/select-options';
import { LabelledValue } from '../../components/labelled-value';
import { CurrentPasswordInput } from '../../components/current-password-input';

interface TaxFormValues {
  legalName: string;
  businessName: string;
  taxClassification: TaxClassification | '';
  tinType: TinType | '';
  tin: string;
  address: string;
  certified: boolean;
  currentPassword: string;
}

const TIN_TYPE_OPTIONS = [
  { value: 'ssn', label: 'SSN (Social Security number)' },
  { value: 'ein', label: 'EIN (Employer identification number)' },
];
const CLASSIFICATION_OPTIONS = optionsOf(TAX_CLASSIFICATIONS, TAX_CLASSIFICATION_LABELS);

export function TaxProfileFacts({ profile }: { profile: TaxProfile }) {
  const facts: [string, string][] = [
    ['Legal name', profile.legalName],
    ['Business name', profile.businessName ?? 'Not provided'],
    ['Tax classification', TAX_CLASSIFICATION_LABELS[profile.taxClassification]],
    [TIN_TYPE_LABELS[profile.tinType], profile.tinMasked],
    ['Address', profile.address],
    ['Certified', formatDate(profile.certifiedAt)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {facts.map(([label, value]) => (
        <LabelledValue key={label} label={label} value={value} labelSize="sm" size="md" />
      ))}
    </SimpleGrid>
  );
}

export function TaxProfileForm({ profile, onDone }: { profile: TaxProfile | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const save = trpc.partner.saveTaxProfile.useMutation({ onSuccess: () => afterTaxProfileSaved(utils) });
  const form = useForm<TaxFormValues>({
    mode: 'controlled',
    initialValues: {
      legalName: profile?.legalName ?? '',
      businessName: profile?.businessName ?? '',
      taxClassification: profile?.taxClassification ?? '',
      tinType: profile?.tinType ?? '',
      tin: '',
      address: profile?.address ?? '',
      certified: false,
      currentPassword: '',
    },
    validate: (values) => {
      const errors = schemaResolver(taxProfileInput, { sync: true })(values);
      if (profile && !values.currentPassword) errors.currentPassword = MESSAGES.currentPasswordRequired;
      return errors;
    },
  });

  const submitOnce = useSubmitOnce(async () => {
    const { currentPassword, ...values } = form.getValues();
    try {
      await save.mutateAsync(taxProfileInput.parse(profile ? { ...values, currentPassword } : values));
      notifySuccess(TAX_MESSAGES.saved, 'Your TIN is stored encrypted and shown only by its last four digits.');
      onDone();
    } catch (error) {
      const message = errorMessage(error);
      if (message === MESSAGES.currentPasswordIncorrect) form.setFieldError('currentPassword', message);
      else notifyFailure('Could not save', error);
    }
  });
  const submit = form.onSubmit(() => submitOnce.run());

  return (
    <StackedForm
      onSubmit={submit}
      spacing="md"
      gap="sm"
      onCancel={profile ? onDone : undefined}
      pending={submitOnce.pending}
      submitLabel="Save tax information"
      busyLabel="Saving..."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Legal name"
          description="As shown on your income tax return"
          required
          autoComplete="name"
          {...form.getInputProps('legalName')}
        />
        <TextInput
          label="Business name"
          description="If different from the legal name"
          autoComplete="organization"
          {...form.getInputProps('businessName')}
        />
        <Select
          label="Tax classification"
          data={CLASSIFICATION_OPTIONS}
          required
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('taxClassification')}
        />
        <Select
          label="TIN type"
          data={TIN_TYPE_OPTIONS}
          required
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('tinType')}
        />
        <TextInput
          label="Taxpayer identification number"
          description={profile ? `On file: ${profile.tinMasked}. Enter it again to save.` : '9 digits, dashes allowed'}
          required
          inputMode="numeric"
          autoComplete="off"
          placeholder={profile ? profile.tinMasked : '12-3456789'}
          {...form.getInputProps('tin')}
        />
        <TextInput
          label="Address"
          description="Street, city, state and ZIP code"
          required
          autoComplete="street-address"
          {...form.getInputProps('address')}
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Certification (Form W-9, Part II)
        </Text>
        {/* A keyboard can scroll it too (focusable region), like the agreement box. */}
        <Box mah={140} style={{ overflowY: 'auto' }} tabIndex={0} role="region" aria-label="Form W-9 certification">
          <Text size="sm" c="dimmed" data-testid="w9-certification">
            {W9_CERTIFICATION_TEXT}
          </Text>
        </Box>
        <Checkbox
          label="I certify the statements above under penalties of perjury"
          {...form.getInputProps('certified', { type: 'checkbox' })}
        />
      </Stack>
      {profile && (
        <CurrentPasswordInput
          description="Asked before tax information on file is replaced; you and the team are told by mail."
          required
          maw={360}
          {...form.getInputProps('currentPassword')}
        />
      )}
    </StackedForm>
  );
}

export function TaxInformationCard() {
  const profile = trpc.partner.taxProfile.useQuery();
  const [editing, setEditing] = useState(false);
  return (
    <SettingsCard
      title="Tax information"
      description="For the 1099-NEC we file for your commissions. Your TIN is stored encrypted."
      asideGap="sm"
      aside={
        profile.data && !editing ? (
          <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        ) : null
      }
    >
      {profile.isPending ? (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      ) : profile.isError ? (
        <Alert color="red">{errorMessage(profile.error, 'Unable to load your tax information.')}</Alert>
      ) : profile.data && !editing ? (
        <TaxProfileFacts profile={profile.data} />
      ) : (
        <>
          {!profile.data && <Text size="sm">{TAX_MESSAGES.notOnFile}</Text>}
          <TaxProfileForm profile={profile.data} onDone={() => setEditing(false)} />
        </>
      )}
    </SettingsCard>
  );
}
