// Add New Client (spec §2, §5): an admin adds a client to an active affiliate, found by typing
// (any of thousands of active partners).

import { Alert, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  addClientInput,
  MESSAGES,
  PROGRAM_TERMS_MESSAGES,
  SERVICE_TYPE_OPTION_LABELS,
  SERVICE_TYPES,
  todayIsoDate,
} from '@portal/contracts';
import { useEffect, useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { trpc, type RouterInputs } from '../../../lib/trpc';
import { useReferralCreation } from '../../referral/use-referral-creation';
import { StackedForm } from '../../../layout/form-actions';
import { PartnerPicker, partnerIdProps } from '../partners/partner-picker';
import { ClientFields, EMPTY_CLIENT_FIELDS, type ClientFieldValues } from '../../referral/client-fields';
import { FreshDialog } from '../../../layout/fresh-dialog';
import { optionsOf } from '../../../lib/select-options';
import { QueryList } from '../../../components/list-section';

export type AddClientValues = ClientFieldValues & {
  partnerId: string;
  clientCompanyName: string;
  contractStartDate: string;
  contractEndDate: string;
  notes: string;
  /** When the firm accepted the client: today when empty, a past day for a historical client. */
  acceptedAt: string;
  annualSales: string;
};

const emptyClient: AddClientValues = {
  partnerId: '',
  clientCompanyName: '',
  ...EMPTY_CLIENT_FIELDS,
  contractStartDate: '',
  contractEndDate: '',
  notes: '',
  acceptedAt: '',
  annualSales: '',
};

/** Spec §7: monthlyValue as a number; empty dates omitted. */
export function toAddClientPayload(values: AddClientValues): RouterInputs['admin']['addClient'] {
  const omitEmpty = (value: string) => (value ? value : undefined);
  return {
    partnerId: values.partnerId,
    clientCompanyName: values.clientCompanyName,
    clientEmail: values.clientEmail,
    clientPhone: values.clientPhone,
    serviceType: values.serviceType as RouterInputs['admin']['addClient']['serviceType'],
    monthlyValue:
      Number.isFinite(Number(values.monthlyValue)) && values.monthlyValue.trim() !== ''
        ? Number(values.monthlyValue)
        : values.monthlyValue,
    consultationDate: omitEmpty(values.consultationDate),
    contractStartDate: omitEmpty(values.contractStartDate),
    contractEndDate: omitEmpty(values.contractEndDate),
    notes: values.notes,
    acceptedAt: omitEmpty(values.acceptedAt),
    annualSales: omitEmpty(values.annualSales.trim()),
  };
}

const serviceOptions = optionsOf(SERVICE_TYPES, SERVICE_TYPE_OPTION_LABELS);

type AddClientErrors = Partial<Record<keyof AddClientValues, string>>;

/** The contracts schema, and the server's rule that the firm accepted a client today or earlier. */
function validateClient(values: AddClientValues): AddClientErrors {
  const errors: AddClientErrors = schemaResolver(addClientInput, { sync: true })(values);
  if (values.acceptedAt && values.acceptedAt > todayIsoDate())
    errors.acceptedAt = PROGRAM_TERMS_MESSAGES.acceptedInFuture;
  return errors;
}

export function AddClientForm({
  noPartners,
  onSubmit,
  onCancel,
  submitting,
  serverErrors,
}: {
  /** No partner is active: nobody can be given a client. */
  noPartners: boolean;
  onSubmit: (values: AddClientValues) => void | Promise<void>;
  onCancel: () => void;
  submitting: boolean;
  /** What the server refused about fields, shown on them. */
  serverErrors?: AddClientErrors;
}) {
  const form = useForm<AddClientValues>({ mode: 'controlled', initialValues: emptyClient, validate: validateClient });
  const { setErrors } = form;
  useEffect(() => {
    if (serverErrors) setErrors(serverErrors);
  }, [serverErrors, setErrors]);

  return (
    <StackedForm
      onSubmit={form.onSubmit(async (values) => onSubmit(values))}
      mt="sm"
      onCancel={onCancel}
      pending={submitting}
      submitDisabled={noPartners}
      submitLabel="Add Client"
    >
      {noPartners ? (
        <Alert color="yellow" variant="light">
          No active partners available
        </Alert>
      ) : (
        <PartnerPicker
          label="Affiliate"
          required
          placeholder="Select an affiliate"
          status="active"
          {...partnerIdProps(form)}
        />
      )}
      <TextInput label="Client Company Name" required {...form.getInputProps('clientCompanyName')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ClientFields inputProps={form.getInputProps} serviceOptions={serviceOptions} serviceRequired />
        <TextInput label="Contract Start Date" type="date" {...form.getInputProps('contractStartDate')} />
        <TextInput label="Contract End Date" type="date" {...form.getInputProps('contractEndDate')} />
        <TextInput
          label="Accepted On"
          description="Starts the qualification window; today if empty"
          type="date"
          max={todayIsoDate()}
          {...form.getInputProps('acceptedAt')}
        />
        <TextInput
          label="Annual Sales ($)"
          description="Annual gross eCommerce sales, if known"
          inputMode="decimal"
          {...form.getInputProps('annualSales')}
        />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
    </StackedForm>
  );
}

export function AddClientDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  // Only whether any partner is active; the picker searches them as the admin types.
  const partners = trpc.admin.partners.useQuery(
    { status: 'active', limit: 1, sort: 'companyName' },
    { enabled: opened },
  );
  const [serverErrors, setServerErrors] = useState<AddClientErrors>();
  // The next opening starts without the refusals of this one.
  const close = () => {
    setServerErrors(undefined);
    onClose();
  };
  const add = useReferralCreation({
    create: (input: RouterInputs['admin']['addClient'], options) => utils.client.admin.addClient.mutate(input, options),
    payload: toAddClientPayload,
    success: (client) => [
      MESSAGES.clientAdded,
      // A client another partner introduced first is still added, in an open conflict an admin settles.
      client.conflictOf
        ? `${client.clientCompanyName} was added to ${client.partnerCompanyName ?? 'the affiliate'}, but another partner introduced this client first: settle who it belongs to on the Conflicts screen.`
        : `${client.clientCompanyName} was added and linked to ${client.partnerCompanyName ?? 'the affiliate'}.`,
    ],
    onClose: close,
    failure: MESSAGES.addClientFailed,
    failureMessage: (error) => errorMessage(error, MESSAGES.addClientFailedText),
    form: { setErrors: setServerErrors },
    fieldErrors: (error) => fieldErrorsOf(error, { acceptedAt: [PROGRAM_TERMS_MESSAGES.acceptedInFuture] }),
  });

  return (
    <FreshDialog opened={opened} onClose={close} title="Add New Client" size="lg">
      <QueryList query={partners} failure="Unable to load the affiliates." loading="Loading affiliates">
        {(data) => (
          <AddClientForm
            noPartners={data.total === 0}
            onSubmit={(values) => void add.run(values)}
            onCancel={close}
            submitting={add.pending}
            serverErrors={serverErrors}
          />
        )}
      </QueryList>
    </FreshDialog>
  );
}
