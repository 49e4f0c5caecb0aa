// "Update bank details": new wire details, confirmed with the current password. The
// numbers come back only masked; the partner and the admins get a mail.

import {
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  BANK_ACCOUNT_TYPE_LABELS,
  BANK_ACCOUNT_TYPES,
  MESSAGES,
  filterAccountNumber,
  filterRoutingNumber,
  updateBankDetailsInput,
  type PartnerProfile,
  type UpdateBankDetailsInput,
} from '@portal/contracts';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { FormActions } from '../../layout/form-actions';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useSubmitOnce } from '../../lib/use-submit-once';

const accountTypeOptions = BANK_ACCOUNT_TYPES.map((value) => ({ value, label: BANK_ACCOUNT_TYPE_LABELS[value] }));

const EMPTY: UpdateBankDetailsInput = {
  bankName: '',
  bankRoutingNumber: '',
  bankAccountNumber: '',
  bankAccountType: 'checking',
  bankAccountHolderName: '',
  bankAddress: '',
  beneficiaryAddress: '',
  currentPassword: '',
};

export function UpdateBankDetailsCard({ partner }: { partner: PartnerProfile }) {
  const session = useSession();
  const update = trpc.partner.updateBankDetails.useMutation();
  const [editing, setEditing] = useState(false);
  const form = useForm<UpdateBankDetailsInput>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(updateBankDetailsInput, { sync: true }),
  });

  const submitOnce = useSubmitOnce(async (values: typeof form.values) => {
    try {
      await update.mutateAsync(values);
      notifySuccess(MESSAGES.bankDetailsUpdated, 'We sent you a confirmation by mail.');
      form.reset();
      setEditing(false);
      await session.reloadPartner();
    } catch (error) {
      const message = errorMessage(error);
      if (message === MESSAGES.currentPasswordIncorrect) form.setFieldError('currentPassword', message);
      else notifyError('Bank details update failed', message);
    }
  });
  const submit = form.onSubmit(submitOnce.run);

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4">
              Update bank details
            </Title>
            <Text size="sm" c="dimmed" data-testid="bank-summary">
              {partner.bankName
                ? `${partner.bankName}, account ${partner.bankAccountNumberMasked ?? '—'}`
                : 'No bank account on file.'}
            </Text>
          </div>
          {!editing && (
            <Button variant="light" leftSection={<IconBuildingBank size={16} />} onClick={() => setEditing(true)}>
              Update bank details
            </Button>
          )}
        </Group>
        {editing && (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="Bank Name" withAsterisk {...form.getInputProps('bankName')} />
                <TextInput label="Account Holder Name" withAsterisk {...form.getInputProps('bankAccountHolderName')} />
                <TextInput
                  label="Routing Number"
                  withAsterisk
                  inputMode="numeric"
                  {...form.getInputProps('bankRoutingNumber')}
                  onChange={(event) =>
                    form.setFieldValue('bankRoutingNumber', filterRoutingNumber(event.currentTarget.value))
                  }
                />
                <TextInput
                  label="Account Number"
                  withAsterisk
                  {...form.getInputProps('bankAccountNumber')}
                  onChange={(event) =>
                    form.setFieldValue('bankAccountNumber', filterAccountNumber(event.currentTarget.value))
                  }
                />
                <Select
                  label="Account Type"
                  withAsterisk
                  data={accountTypeOptions}
                  allowDeselect={false}
                  {...form.getInputProps('bankAccountType')}
                />
              </SimpleGrid>
              <Textarea label="Bank Address" withAsterisk autosize minRows={2} {...form.getInputProps('bankAddress')} />
              <Textarea
                label="Beneficiary Address"
                withAsterisk
                autosize
                minRows={2}
                {...form.getInputProps('beneficiaryAddress')}
              />
              <PasswordInput
                label="Current password"
                description="Confirm it is you"
                autoComplete="current-password"
                withAsterisk
                {...form.getInputProps('currentPassword')}
              />
              <FormActions
                justify="flex-end"
                gap="sm"
                onCancel={() => {
                  form.reset();
                  setEditing(false);
                }}
                pending={submitOnce.pending}
                submitLabel="Save bank details"
                busyLabel="Saving..."
              />
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
