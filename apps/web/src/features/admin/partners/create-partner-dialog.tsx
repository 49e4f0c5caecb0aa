// Create New Partner (spec §2, §5): an admin creates an active partner with its sign-in.

import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { createPartnerInput, WEBSITE_DESCRIPTION } from '@portal/contracts';
import { DEFAULT_EXPECTED_VOLUME, EXPECTED_VOLUMES, MESSAGES, PAYMENT_METHOD_LABELS } from '@portal/contracts/plain';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { afterPartnerDecision } from '../../../lib/invalidate';
import { fieldErrorsOf } from '../../../lib/errors';
import { trpc, type RouterInputs } from '../../../lib/trpc';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { StackedForm } from '../../../layout/form-actions';
import { FreshDialog } from '../../../layout/fresh-dialog';
import { CompanyTypeSelect } from '../../../components/choice-selects';

export type CreatePartnerValues = {
  email: string;
  password: string;
  companyName: string;
  contactName: string;
  companyType: string;
  website: string;
  phone: string;
  expectedVolume: string;
  paymentMethod: 'Wire';
};

type FieldErrors = Partial<Record<keyof CreatePartnerValues, string>>;

const CREATE_PARTNER_FIELDS = [
  'email',
  'password',
  'companyName',
  'contactName',
  'companyType',
  'website',
  'phone',
  'expectedVolume',
] as const;

const emptyPartner: CreatePartnerValues = {
  email: '',
  password: '',
  companyName: '',
  contactName: '',
  companyType: 'agency',
  website: '',
  phone: '',
  expectedVolume: DEFAULT_EXPECTED_VOLUME,
  paymentMethod: 'Wire',
};

/** Spec §7: website and phone are omitted when empty. */
export function toCreatePartnerPayload(values: CreatePartnerValues): RouterInputs['admin']['createPartner'] {
  return {
    email: values.email,
    password: values.password,
    companyName: values.companyName,
    contactName: values.contactName,
    companyType: values.companyType as RouterInputs['admin']['createPartner']['companyType'],
    ...(values.website.trim() ? { website: values.website } : {}),
    ...(values.phone.trim() ? { phone: values.phone } : {}),
    expectedVolume: values.expectedVolume as RouterInputs['admin']['createPartner']['expectedVolume'],
    paymentMethod: 'Wire',
  };
}

export function CreatePartnerForm({
  onSubmit,
  onCancel,
  submitting,
}: {
  /** Answers the errors the server named about fields, which the form shows on them. */
  onSubmit: (values: CreatePartnerValues) => void | FieldErrors | Promise<void | FieldErrors>;
  onCancel: () => void;
  submitting: boolean;
}) {
  const form = useSchemaForm<CreatePartnerValues>(createPartnerInput, emptyPartner);
  return (
    <StackedForm
      onSubmit={form.onSubmit(async (values) => {
        const errors = await onSubmit(values);
        if (errors) form.setErrors(errors);
      })}
      mt="sm"
      onCancel={onCancel}
      pending={submitting}
      submitLabel="Create Partner"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        <PasswordInput label="Password" required autoComplete="new-password" {...form.getInputProps('password')} />
        <TextInput label="Company Name" required {...form.getInputProps('companyName')} />
        <TextInput label="Contact Name" required {...form.getInputProps('contactName')} />
        <CompanyTypeSelect required comboboxProps={{ withinPortal: true }} {...form.getInputProps('companyType')} />
        <Select
          label="Expected Volume"
          required
          data={[...EXPECTED_VOLUMES]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('expectedVolume')}
        />
        <TextInput
          label="Website"
          description={WEBSITE_DESCRIPTION}
          placeholder="https://example.com"
          {...form.getInputProps('website')}
        />
        <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
        <TextInput label="Payment Method" value={PAYMENT_METHOD_LABELS.Wire} readOnly disabled />
      </SimpleGrid>
    </StackedForm>
  );
}

export function CreatePartnerDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const create = useSubmitOnce(async (values: CreatePartnerValues): Promise<FieldErrors | undefined> => {
    try {
      const partner = await utils.client.admin.createPartner.mutate(toCreatePartnerPayload(values));
      notifySuccess(MESSAGES.partnerCreated, `${partner.companyName} has been created and activated.`);
      await afterPartnerDecision(utils);
      onClose();
      return undefined;
    } catch (error) {
      notifyFailure(MESSAGES.partnerCreationFailed, error);
      return fieldErrorsOf(error, { email: [MESSAGES.emailTaken] }, CREATE_PARTNER_FIELDS);
    }
  });

  return (
    <FreshDialog opened={opened} onClose={onClose} title="Create New Partner" size="lg">
      <CreatePartnerForm onSubmit={create.run} onCancel={onClose} submitting={create.pending} />
    </FreshDialog>
  );
}
