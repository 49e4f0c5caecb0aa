// New Referral dialog (spec §2, §5): the form validates with the same schema as the server.

import { Textarea, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  createReferralInput,
  MESSAGES,
  SERVICE_TYPE_OPTION_LABELS,
  serviceOptionLabels,
  SERVICE_TYPES,
  type Referral,
  type ServiceType,
} from '@portal/contracts';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { useProgramTerms } from '../../lib/program-terms';
import { trpc, type RouterInputs } from '../../lib/trpc';
import { useReferralCreation } from '../referral/use-referral-creation';
import { StackedForm } from '../../layout/form-actions';
import { FreshDialog } from '../../layout/fresh-dialog';
import { ClientFields, EMPTY_CLIENT_FIELDS, type ClientFieldValues } from '../referral/client-fields';
import { optionsOf } from '../../lib/select-options';

export type NewReferralValues = ClientFieldValues & {
  clientCompanyName: string;
  serviceType: ServiceType;
  notes: string;
};

export const emptyReferral: NewReferralValues = { clientCompanyName: '', ...EMPTY_CLIENT_FIELDS, notes: '' };

/** The payload of spec §7: monthlyValue as a string, consultationDate an ISO string or null. */
export function toCreateReferralPayload(values: NewReferralValues): RouterInputs['partner']['createReferral'] {
  return {
    clientCompanyName: values.clientCompanyName,
    clientEmail: values.clientEmail,
    clientPhone: values.clientPhone,
    serviceType: values.serviceType,
    monthlyValue: values.monthlyValue.trim(),
    consultationDate: values.consultationDate ? new Date(`${values.consultationDate}T00:00:00Z`).toISOString() : null,
    notes: values.notes,
  };
}

/**
 * The success toast of a new referral. A client another partner introduced first is still created,
 * so the toast says so plainly and what happens next, not only that it was added.
 */
export function referralCreatedToast(
  referral: Pick<Referral, 'clientCompanyName' | 'clientAlreadyIntroduced'>,
): [title: string, message: string] {
  if (referral.clientAlreadyIntroduced) {
    return [
      MESSAGES.referralCreated,
      `Another partner already introduced ${referral.clientCompanyName}. An admin will decide which partner the client belongs to; until then your referral is marked "Client already introduced".`,
    ];
  }
  return [MESSAGES.referralCreated, `${referral.clientCompanyName} has been added to your referrals.`];
}

/** The service choices labelled with the monthly fee of the terms in force ("Basic Accounting $50/month"). */
const serviceOptionsOf = (fees?: Record<ServiceType, string>) => {
  const labels = fees ? serviceOptionLabels(fees) : SERVICE_TYPE_OPTION_LABELS;
  return optionsOf(SERVICE_TYPES, labels);
};

export function NewReferralForm({
  onSubmit,
  onCancel,
  submitting,
  fees,
}: {
  onSubmit: (values: NewReferralValues) => void | Promise<void>;
  onCancel: () => void;
  submitting: boolean;
  /** The fees of the terms in force; version 1's until they are known. */
  fees?: Record<ServiceType, string>;
}) {
  const serviceOptions = serviceOptionsOf(fees);
  const form = useSchemaForm<NewReferralValues>(createReferralInput, emptyReferral);

  return (
    <StackedForm
      onSubmit={form.onSubmit(async (values) => {
        await onSubmit(values);
      })}
      mt="sm"
      onCancel={onCancel}
      pending={submitting}
      submitLabel="Create Referral"
    >
      <TextInput
        label="Client Company Name"
        required
        placeholder="Acme Store Inc."
        {...form.getInputProps('clientCompanyName')}
      />
      <ClientFields inputProps={form.getInputProps} serviceOptions={serviceOptions} examples />
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxRows={6}
        placeholder="Anything we should know about this client"
        {...form.getInputProps('notes')}
      />
    </StackedForm>
  );
}

export function NewReferralDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const terms = useProgramTerms(opened);
  const create = useReferralCreation({
    create: (input: RouterInputs['partner']['createReferral'], options) =>
      utils.client.partner.createReferral.mutate(input, options),
    payload: toCreateReferralPayload,
    success: referralCreatedToast,
    onClose,
    failure: MESSAGES.referralCreateFailedTitle,
    // The spec's words for a failure, except a client the partner already referred (409): that says so.
    failureMessage: (error) => (httpStatusOf(error) === 409 ? errorMessage(error) : MESSAGES.referralCreateFailedText),
  });

  return (
    <FreshDialog opened={opened} onClose={onClose} title="New Referral" size="lg">
      <NewReferralForm
        onSubmit={(values) => void create.run(values)}
        onCancel={onClose}
        submitting={create.pending}
        fees={terms.data?.fees}
      />
    </FreshDialog>
  );
}
