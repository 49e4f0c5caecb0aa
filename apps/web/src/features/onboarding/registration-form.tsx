// 'Complete Your Partner Registration' (spec §2, §5): the partner application with its wire-transfer
// section and the Affiliate Agreement. Validation is the contracts schema the server also applies.

import { Button, Card, Divider, Grid, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  CURRENT_AGREEMENT_VERSION,
  type AgreementText,
  DEFAULT_COMPANY_TYPE,
  DEFAULT_EXPECTED_VOLUME,
  EXPECTED_VOLUMES,
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  REGISTRATION_PAYMENT_METHODS,
  partnerApplicationInput,
  WEBSITE_DESCRIPTION,
  type PartnerApplicationInput,
  wireBankFieldErrors,
} from '@portal/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { EMPTY_BANK_FIELDS, bankNumberProps, type BankFields } from '../../lib/bank-fields';
import { notifyError } from '../../lib/notify';
import { AgreementBox } from './agreement-box';
import { optionsOf } from '../../lib/select-options';
import { CompanyTypeSelect, AccountTypeSelect } from '../../components/choice-selects';
import { AccountNumberInput } from '../../components/account-number-input';

export type RegistrationValues = {
  companyName: string;
  contactName: string;
  companyType: string;
  expectedVolume: string;
  website: string;
  phone: string;
  paymentMethod: string;
  agreementSigned: boolean;
} & BankFields;

export const REGISTRATION_DEFAULTS: RegistrationValues = {
  companyName: '',
  contactName: '',
  companyType: DEFAULT_COMPANY_TYPE,
  expectedVolume: DEFAULT_EXPECTED_VOLUME,
  website: '',
  phone: '',
  paymentMethod: 'Wire',
  ...EMPTY_BANK_FIELDS,
  agreementSigned: false,
};

/** The request body: trimmed text, empty optional fields left out (spec §5), the agreement version shown. */
export function toApplicationPayload(
  values: RegistrationValues,
  agreementVersion: string = CURRENT_AGREEMENT_VERSION,
): PartnerApplicationInput {
  const payload: Record<string, unknown> = { agreementVersion };
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') {
      const text = value.trim();
      if (text !== '') payload[key] = text;
    } else {
      payload[key] = value;
    }
  }
  return payload as PartnerApplicationInput;
}

const volumeOptions = EXPECTED_VOLUMES.map((value) => ({ value, label: value }));
const paymentOptions = optionsOf(REGISTRATION_PAYMENT_METHODS, PAYMENT_METHOD_LABELS);

export interface RegistrationFormProps {
  /** Sends the application; a rejected promise leaves the form as it is for another try. */
  onSubmit: (payload: PartnerApplicationInput) => Promise<unknown> | void;
  /** The agreement in force, shown and accepted; version 1's text when not given. */
  agreement?: AgreementText;
}

const schemaErrors = schemaResolver(partnerApplicationInput, { sync: true });

/** Every field's own error at once: the schema's, and the wire-transfer fields' even while others are empty. */
export function validateRegistration(values: RegistrationValues): Record<string, string> {
  return { ...wireBankFieldErrors(values), ...schemaErrors(values) };
}

/** Brings the first field in error into view and focus (the top of the form first, in document order). */
function revealFirstError(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>(
    'input[aria-invalid="true"], textarea[aria-invalid="true"], input[data-invalid="true"]',
  );
  if (!first) return;
  first.scrollIntoView({ block: 'center', behavior: 'smooth' });
  first.focus({ preventScroll: true });
}

export function RegistrationForm({ onSubmit, agreement }: RegistrationFormProps) {
  const [submitting, setSubmitting] = useState(false);
  const formElement = useRef<HTMLFormElement>(null);
  const form = useForm<RegistrationValues>({
    mode: 'controlled',
    initialValues: REGISTRATION_DEFAULTS,
    validate: validateRegistration,
    // The method's message sums up the bank fields: it goes once they no longer call for it, as each
    // field's own error goes when that field is typed in.
    onValuesChange: (values) => {
      if (form.errors.paymentMethod && !validateRegistration(values).paymentMethod)
        form.clearFieldError('paymentMethod');
    },
  });
  // After the render that shows the errors, so the first one is marked invalid when it is looked for.
  const revealErrors = () => requestAnimationFrame(() => revealFirstError(formElement.current));

  const send = async (values: RegistrationValues) => {
    setSubmitting(true);
    try {
      await onSubmit(toApplicationPayload(values, agreement?.version));
    } catch {
      // The caller has told the user (toast); the form stays filled in.
    } finally {
      setSubmitting(false);
    }
  };

  const handleSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (!form.getValues().agreementSigned) {
      notifyError(MESSAGES.agreementRequiredTitle, MESSAGES.agreementRequiredText);
      form.validate();
      revealErrors();
      return;
    }
    form.onSubmit((values) => void send(values), revealErrors)(event);
  };

  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm">
      <form ref={formElement} onSubmit={handleSubmit} noValidate aria-label="Partner registration">
        <Stack gap="lg">
          <div>
            <Title order={2} size="h3">
              Complete Your Partner Registration
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Tell us about your business and where to send your commissions.
            </Text>
          </div>

          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Company Name"
                withAsterisk
                autoComplete="organization"
                {...form.getInputProps('companyName')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Contact Name" withAsterisk autoComplete="name" {...form.getInputProps('contactName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CompanyTypeSelect {...form.getInputProps('companyType')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Expected Monthly Referrals"
                withAsterisk
                data={volumeOptions}
                allowDeselect={false}
                {...form.getInputProps('expectedVolume')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Website"
                description={WEBSITE_DESCRIPTION}
                placeholder="https://yourcompany.com"
                type="url"
                autoComplete="url"
                {...form.getInputProps('website')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Phone"
                description="Optional"
                placeholder="(555) 123-4567"
                type="tel"
                autoComplete="tel"
                {...form.getInputProps('phone')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Select
                label="Preferred Payment Method"
                withAsterisk
                data={paymentOptions}
                allowDeselect={false}
                {...form.getInputProps('paymentMethod')}
              />
            </Grid.Col>
          </Grid>

          <Divider label="Wire Transfer Information" labelPosition="left" />

          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Bank Name" withAsterisk {...form.getInputProps('bankName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Routing Number"
                withAsterisk
                inputMode="numeric"
                autoComplete="off"
                placeholder="9 digits"
                // No maxLength: the browser would cut a pasted "021-000-021" before the filter drops
                // its dashes. The filter keeps at most 9 digits after filtering.
                {...bankNumberProps(form, 'bankRoutingNumber')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <AccountNumberInput form={form} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <AccountTypeSelect {...form.getInputProps('bankAccountType')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput label="Account Holder Name" withAsterisk {...form.getInputProps('bankAccountHolderName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Textarea label="Bank Address" withAsterisk rows={2} {...form.getInputProps('bankAddress')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Textarea
                label="Beneficiary Address"
                withAsterisk
                rows={2}
                {...form.getInputProps('beneficiaryAddress')}
              />
            </Grid.Col>
          </Grid>

          <AgreementBox
            agreement={agreement}
            accepted={form.getValues().agreementSigned}
            onAcceptedChange={(accepted) => form.setFieldValue('agreementSigned', accepted)}
            error={form.errors.agreementSigned}
          />

          <Button type="submit" size="md" fullWidth disabled={submitting}>
            {submitting ? 'Submitting...' : 'Submit Partner Application'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
