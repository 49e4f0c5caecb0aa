// "Edit profile": the partner corrects company, contact, type, website and phone with
// the registration form's rules and messages.

import { Button, SimpleGrid, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../lib/use-schema-form';
import { MESSAGES, WEBSITE_DESCRIPTION, updatePartnerProfileInput, type PartnerProfile } from '@portal/contracts';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { StackedForm } from '../../layout/form-actions';
import { notifySuccess, notifyFailure } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useSubmitOnce } from '../../lib/use-submit-once';
import { SettingsCard } from './settings-card';
import { CompanyTypeSelect } from '../../components/choice-selects';

interface ProfileValues {
  companyName: string;
  contactName: string;
  companyType: string;
  website: string;
  phone: string;
}

const valuesOf = (partner: PartnerProfile): ProfileValues => ({
  companyName: partner.companyName,
  contactName: partner.contactName,
  companyType: partner.companyType,
  website: partner.website ?? '',
  phone: partner.phone ?? '',
});

export function EditProfileCard({ partner }: { partner: PartnerProfile }) {
  const session = useSession();
  const update = trpc.partner.updateProfile.useMutation();
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm<ProfileValues>(updatePartnerProfileInput, valuesOf(partner));

  const submitOnce = useSubmitOnce(async (values: typeof form.values) => {
    try {
      await update.mutateAsync(updatePartnerProfileInput.parse(values));
      notifySuccess(MESSAGES.profileUpdated);
      setEditing(false);
      await session.reloadPartner();
    } catch (error) {
      notifyFailure('Profile update failed', error);
    }
  });
  const submit = form.onSubmit(submitOnce.run);

  return (
    <SettingsCard
      title="Edit profile"
      description="Your company and contact details as admins and clients see them."
      aside={
        !editing && (
          <Button
            variant="light"
            leftSection={<IconPencil size={16} />}
            onClick={() => {
              form.setValues(valuesOf(partner));
              setEditing(true);
            }}
          >
            Edit profile
          </Button>
        )
      }
    >
      {editing && (
        <StackedForm
          onSubmit={submit}
          spacing="md"
          gap="sm"
          onCancel={() => setEditing(false)}
          pending={submitOnce.pending}
          submitLabel="Save profile"
          busyLabel="Saving..."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Company Name" withAsterisk {...form.getInputProps('companyName')} />
            <TextInput label="Contact Name" withAsterisk {...form.getInputProps('contactName')} />
            <CompanyTypeSelect {...form.getInputProps('companyType')} />
            <TextInput label="Website" description={WEBSITE_DESCRIPTION} {...form.getInputProps('website')} />
            <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          </SimpleGrid>
        </StackedForm>
      )}
    </SettingsCard>
  );
}
