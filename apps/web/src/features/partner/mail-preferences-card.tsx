// Email notifications in the partner's Settings tab: deal updates and monthly summaries
// can be switched off here (or with one click in the mail); account and payment mails always go out.

import { Alert, Switch } from '@mantine/core';
import { MAIL_TOPIC_LABELS, MAIL_TOPICS, type MailTopic } from '@portal/contracts';
import { errorMessage } from '../../lib/errors';
import { notifyFailure } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { SettingsCard } from './settings-card';

export function MailPreferencesCard() {
  const utils = trpc.useUtils();
  const preferences = trpc.partner.mailPreferences.useQuery();
  const update = trpc.partner.updateMailPreferences.useMutation({
    onSuccess: (next) => utils.partner.mailPreferences.setData(undefined, next),
  });

  const toggle = async (topic: MailTopic, on: boolean) => {
    try {
      await update.mutateAsync({ [topic]: on });
    } catch (error) {
      notifyFailure('Could not save', error);
    }
  };

  return (
    <SettingsCard
      title="Email notifications"
      description="Mails about your account, your application and your payments always go out."
    >
      {preferences.isError ? (
        <Alert color="red">{errorMessage(preferences.error, 'Unable to load your mail settings.')}</Alert>
      ) : (
        MAIL_TOPICS.map((topic) => (
          <Switch
            key={topic}
            label={MAIL_TOPIC_LABELS[topic].label}
            description={MAIL_TOPIC_LABELS[topic].description}
            checked={preferences.data?.[topic] ?? true}
            disabled={!preferences.data || update.isPending}
            onChange={(event) => void toggle(topic, event.currentTarget.checked)}
          />
        ))
      )}
    </SettingsCard>
  );
}
