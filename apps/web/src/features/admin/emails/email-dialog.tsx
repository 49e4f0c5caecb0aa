// One mail of the Email log, opened: who it went to, its delivery, and what it said. The body is the
// plain-text version, shown as text (never as HTML); the server leaves out the body of a mail with a
// one-time link and replaces every link with a token, so nothing here acts as the recipient.

import { Alert, Center, Divider, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TOKEN_LINK_REDACTED, type EmailLogEntry } from '@portal/contracts';
import { plural } from '@portal/contracts/plain';
import { IconLock } from '@tabler/icons-react';
import { EmailAddress } from '../../../components/email-address';
import { LabelledValue } from '../../../components/labelled-value';
import { FreshDialog } from '../../../layout/fresh-dialog';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { EmailStatusBadge, formatDateTime } from './delivery-state';

export const EMAIL_UNREADABLE = 'Unable to load this mail.';

/** The words of the mail as it was sent, line breaks kept and long links wrapped. */
function MailBody({ body }: { body: string }) {
  return (
    <Stack gap="xs">
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
        <Text
          component="pre"
          size="sm"
          m={0}
          data-testid="email-body"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
        >
          {body}
        </Text>
      </Paper>
      {body.includes(TOKEN_LINK_REDACTED) && (
        <Text size="xs" c="dimmed">
          Links that work only for the recipient (unsubscribe, password reset, invitation, file download) are not shown.
        </Text>
      )}
    </Stack>
  );
}

function EmailView({ entry }: { entry: EmailLogEntry }) {
  const email = trpc.admin.email.useQuery({ id: entry.id });
  // The row of the list shows at once; the opened mail's answer replaces it once it arrives.
  const mail = email.data ?? entry;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <LabelledValue label="To" value={<EmailAddress email={mail.recipient} />} />
        <LabelledValue label="Status" value={<EmailStatusBadge status={mail.status} />} />
        <LabelledValue label="Queued" value={formatDateTime(mail.createdAt)} />
        <LabelledValue label="Sent" value={mail.sentAt ? formatDateTime(mail.sentAt) : 'Not sent'} />
        <LabelledValue label="Attempts" value={plural(mail.attempts, 'attempt', 'attempts')} />
        {mail.nextAttemptAt && <LabelledValue label="Next attempt" value={formatDateTime(mail.nextAttemptAt)} />}
      </SimpleGrid>
      {mail.lastError && (
        <LabelledValue
          label="Last error"
          value={
            <Text span inherit c="var(--mantine-color-error)">
              {mail.lastError}
            </Text>
          }
        />
      )}
      {mail.resentFrom && (
        <Text size="sm" c="dimmed">
          A copy queued by Resend; the original keeps its own status.
        </Text>
      )}
      <Divider />
      <Title order={3} size="h5">
        Message
      </Title>
      {email.isLoading ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label="Loading the mail" />
        </Center>
      ) : email.isError ? (
        <Alert color="red">{errorMessage(email.error, EMAIL_UNREADABLE)}</Alert>
      ) : email.data?.body != null ? (
        <MailBody body={email.data.body} />
      ) : (
        <Alert color="gray" icon={<IconLock size={18} />} data-testid="email-body-note">
          {email.data?.bodyNote}
        </Alert>
      )}
    </Stack>
  );
}

/** Opened with a row of the Email log (null: closed); full screen on a phone. */
export function EmailDialog({ entry, onClose }: { entry: EmailLogEntry | null; onClose: () => void }) {
  return (
    <FreshDialog opened={entry !== null} onClose={onClose} title={entry?.subject ?? 'Email'} size="lg">
      {entry && <EmailView entry={entry} />}
    </FreshDialog>
  );
}
