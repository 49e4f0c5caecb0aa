// Program settings, where finance works: how fees are earned (the fee basis) and the payout rules
// the processor follows (a minimum payout, a hold after a fee is due, the payout day it proposes).
// Finance and admins change them; a field the server refuses shows its message on the field.

import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  FEE_BASES,
  FEE_BASIS_LABELS,
  PROGRAM_SETTINGS_MESSAGES,
  updateProgramSettingsInput,
  type FeeBasis,
  type ProgramSettings,
} from '@portal/contracts';
import { formatDate } from '@portal/contracts/plain';
import { IconAdjustments } from '@tabler/icons-react';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { CardHeading } from '../../../components/card-heading';
import { QueryList } from '../../../components/list-section';
import { optionsOf } from '../../../lib/select-options';

interface SettingsForm {
  feeBasis: FeeBasis;
  minimumPayout: string;
  payoutHoldDays: number | string;
  payoutDay: number | string;
  supportEmail: string;
}

const feeBasisOptions = optionsOf(FEE_BASES, FEE_BASIS_LABELS);

/** A whole number of days: a value out of range is refused with its message, never quietly changed into another day. */
const WHOLE_DAYS = { allowDecimal: false, clampBehavior: 'none' } as const;

const toForm = (settings: ProgramSettings): SettingsForm => ({
  feeBasis: settings.feeBasis,
  minimumPayout: settings.minimumPayout,
  payoutHoldDays: settings.payoutHoldDays,
  payoutDay: settings.payoutDay,
  supportEmail: settings.supportEmail ?? '',
});

/** The server's message names the rule it broke; put it on that field. */
const FIELD_OF_MESSAGE: Record<string, keyof SettingsForm> = {
  [PROGRAM_SETTINGS_MESSAGES.feeBasis]: 'feeBasis',
  [PROGRAM_SETTINGS_MESSAGES.minimumPayout]: 'minimumPayout',
  [PROGRAM_SETTINGS_MESSAGES.payoutHoldDays]: 'payoutHoldDays',
  [PROGRAM_SETTINGS_MESSAGES.payoutDay]: 'payoutDay',
  [PROGRAM_SETTINGS_MESSAGES.supportEmail]: 'supportEmail',
};

export function ProgramSettingsCard({ canChange }: { canChange: boolean }) {
  const utils = trpc.useUtils();
  const settings = trpc.admin.programSettings.useQuery();
  const update = trpc.admin.updateProgramSettings.useMutation();
  const form = useForm<SettingsForm>({
    mode: 'controlled',
    initialValues: {
      feeBasis: 'clientPayment',
      minimumPayout: '0.00',
      payoutHoldDays: 0,
      payoutDay: 1,
      supportEmail: '',
    },
    validate: (values) => {
      const result = updateProgramSettingsInput.safeParse({
        ...values,
        payoutHoldDays: values.payoutHoldDays === '' ? undefined : Number(values.payoutHoldDays),
        payoutDay: values.payoutDay === '' ? undefined : Number(values.payoutDay),
        supportEmail: values.supportEmail.trim(),
      });
      if (result.success) return {};
      const errors: Partial<Record<keyof SettingsForm, string>> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as keyof SettingsForm | undefined;
        if (field) errors[field] ??= issue.message;
      }
      if (values.payoutHoldDays === '') errors.payoutHoldDays = PROGRAM_SETTINGS_MESSAGES.payoutHoldDays;
      if (values.payoutDay === '') errors.payoutDay = PROGRAM_SETTINGS_MESSAGES.payoutDay;
      return errors;
    },
  });
  const loaded = settings.data;
  useEffect(() => {
    if (!loaded) return;
    form.setValues(toForm(loaded));
    form.resetDirty(toForm(loaded));
    // The form follows the stored settings whenever they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?.updatedAt]);

  /** A field's value and error; only finance and admins may change it. */
  const field = (name: keyof SettingsForm) => ({ disabled: !canChange, ...form.getInputProps(name) });

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync({
        feeBasis: values.feeBasis,
        minimumPayout: values.minimumPayout,
        payoutHoldDays: Number(values.payoutHoldDays),
        payoutDay: Number(values.payoutDay),
        supportEmail: values.supportEmail.trim(),
      });
      notifySuccess('Program settings saved');
      await Promise.all([utils.admin.programSettings.invalidate(), utils.admin.pendingCommissions.invalidate()]);
    } catch (error) {
      const message = errorMessage(error);
      const field = FIELD_OF_MESSAGE[message];
      if (field) form.setFieldError(field, message);
      else notifyError('Saving the program settings failed', message);
    }
  });

  return (
    <Card withBorder padding="lg" radius="md" data-testid="program-settings">
      <Stack gap="md">
        <CardHeading
          order={2}
          size="h4"
          title="Program settings"
          description={
            <>
              How fees are earned, the rules the Payout Processor follows, and where partners write with questions.
              {loaded?.updatedBy ? ` Last changed by ${loaded.updatedBy} on ${formatDate(loaded.updatedAt)}.` : ''}
            </>
          }
        />
        <QueryList
          query={settings}
          failure="Unable to load the program settings."
          loading="Loading the program settings"
          py="md"
          failureText
        >
          {() => (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Select label="Fee basis" data={feeBasisOptions} allowDeselect={false} {...field('feeBasis')} />
                  <TextInput
                    label="Minimum payout (USD)"
                    description="Partners below it wait for a later payout"
                    inputMode="decimal"
                    {...field('minimumPayout')}
                  />
                  <NumberInput
                    label="Hold (days)"
                    description="Days after the client pays before the fee is offered"
                    min={0}
                    max={365}
                    {...WHOLE_DAYS}
                    {...field('payoutHoldDays')}
                  />
                  <NumberInput
                    label="Payout day of the month"
                    description="The processor proposes this day (1–28)"
                    min={1}
                    max={28}
                    {...WHOLE_DAYS}
                    {...field('payoutDay')}
                  />
                  <TextInput
                    type="email"
                    label="Support address"
                    description="Named to a rejected applicant on their status screen and in the mail"
                    placeholder="e.g. partners@yourfirm.com"
                    {...field('supportEmail')}
                  />
                </SimpleGrid>
                {canChange && (
                  <Group justify="flex-end">
                    <Button
                      type="submit"
                      leftSection={<IconAdjustments size={16} />}
                      loading={update.isPending}
                      disabled={!form.isDirty()}
                    >
                      Save settings
                    </Button>
                  </Group>
                )}
              </Stack>
            </form>
          )}
        </QueryList>
      </Stack>
    </Card>
  );
}
