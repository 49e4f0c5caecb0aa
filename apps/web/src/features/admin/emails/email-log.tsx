// Email log: the outbox's recent mails with their delivery state; a row (or its View button) opens
// the mail, and Resend queues a new copy (the original keeps its history).

import { Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { EMAIL_LOG_PAGE_SIZE, NOT_SENT_NO_SMTP, type EmailLogEntry } from '@portal/contracts';
import { MESSAGES, plural } from '@portal/contracts/plain';
import { IconEye, IconMailForward } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useListPage } from '../../../lib/list-page';
import { afterEmailResent } from '../../../lib/invalidate';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../../../layout/admin-page';
import { EmptyList, ListSection } from '../../../components/list-section';
import { ACTIONS_COLUMN, ColumnTable } from '../../../components/column-table';
import { EmailAddress } from '../../../components/email-address';
import { ListPager } from '../../../components/list-pager';
import { EmailStatusBadge, formatDateTime } from './delivery-state';
import { EmailDialog } from './email-dialog';
import classes from './email-log.module.css';

export { formatDateTime };

/** The status badge over when it went out, or how many attempts it has had; a pending retry tells its next attempt. */
function DeliveryState({ entry }: { entry: EmailLogEntry }) {
  const badge = <EmailStatusBadge status={entry.status} />;
  return (
    <Stack gap={2} align="flex-start">
      {entry.status === 'pending' && entry.nextAttemptAt && entry.attempts > 0 ? (
        <Tooltip label={`Next attempt ${formatDateTime(entry.nextAttemptAt)}`}>{badge}</Tooltip>
      ) : (
        badge
      )}
      <Text size="xs" c="dimmed">
        {entry.sentAt ? `Sent ${formatDateTime(entry.sentAt)}` : plural(entry.attempts, 'attempt', 'attempts')}
      </Text>
    </Stack>
  );
}

export function EmailLog() {
  const { setPage, offset, pager } = useListPage(EMAIL_LOG_PAGE_SIZE);
  const utils = trpc.useUtils();
  const emails = trpc.admin.emails.useQuery(
    { limit: EMAIL_LOG_PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  const resend = trpc.admin.resendEmail.useMutation();
  const [resending, setResending] = useState<string | null>(null);
  const [opened, setOpened] = useState<EmailLogEntry | null>(null);

  /** A click anywhere on a row opens its mail, except on the row's buttons or while selecting its text. */
  const openClickedRow = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, a, input, [role="button"]')) return;
    if (window.getSelection()?.toString()) return;
    const id = target.closest('tr')?.getAttribute('data-email-id');
    const entry = emails.data?.items.find((item) => item.id === id);
    if (entry) setOpened(entry);
  };

  const resendOne = async (entry: EmailLogEntry) => {
    setResending(entry.id);
    try {
      await resend.mutateAsync({ id: entry.id });
      notifySuccess(MESSAGES.emailResent, `${entry.subject} to ${entry.recipient}`);
      setPage(1);
      await afterEmailResent(utils);
    } catch (error) {
      notifyFailure(MESSAGES.resendFailed, error);
    } finally {
      setResending(null);
    }
  };

  const total = emails.data?.total ?? 0;

  return (
    <ListSection
      id="email-log-title"
      title="Email Log"
      description="Mails the portal sent or is about to send, newest first"
      aside={
        emails.data && (
          <Text size="sm" c="dimmed">
            {plural(total, 'mail', 'mails')}
          </Text>
        )
      }
    >
      {emails.data?.items.some((entry) => entry.lastError === NOT_SENT_NO_SMTP) && (
        // Otherwise each row says "not sent" and nothing says why nothing goes out, or what to do.
        <Alert color="orange" title="Mail is not being delivered" mb="md" data-testid="no-smtp">
          This server has no SMTP server to send with (SMTP_URL), so its mails stay here as Not sent and nobody receives
          them. Once SMTP_URL is set and the server restarted, Resend sends a mail again.
        </Alert>
      )}
      {emails.isError ? (
        <Alert color="red">{errorMessage(emails.error, 'Unable to load the email log.')}</Alert>
      ) : emails.data && emails.data.items.length === 0 ? (
        <EmptyList>No mails yet</EmptyList>
      ) : (
        // A row opens its mail for a pointer; the View button is the way for a keyboard and a screen reader.
        <div className={classes.rows} onClick={openClickedRow}>
          <ColumnTable
            verticalSpacing="xs"
            highlightOnHover
            minWidth={760}
            rows={emails.data?.items ?? []}
            rowProps={(entry) => ({ 'data-email-id': entry.id })}
            columns={[
              // The subject names the mail; the template's key (`kind`) is for the API, not this list.
              { header: 'Subject', card: 'title', maxWidth: 300, cell: (entry) => entry.subject },
              {
                header: 'Recipient',
                maxWidth: 240,
                cell: (entry) => <EmailAddress email={entry.recipient} />,
              },
              { header: 'Status', noWrap: true, cell: (entry) => <DeliveryState entry={entry} /> },
              {
                header: 'Last error',
                maxWidth: 220,
                card: 'full',
                cell: (entry) => (
                  <Text
                    size="sm"
                    c={entry.lastError ? 'var(--mantine-color-error)' : 'dimmed'}
                    lineClamp={2}
                    title={entry.lastError ?? undefined}
                  >
                    {entry.lastError ?? '—'}
                  </Text>
                ),
              },
              {
                ...ACTIONS_COLUMN,
                cell: (entry) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconEye size={14} />}
                      onClick={() => setOpened(entry)}
                      aria-label={`View ${entry.subject} to ${entry.recipient}`}
                    >
                      View
                    </Button>
                    {entry.resendable ? (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconMailForward size={14} />}
                        loading={resending === entry.id}
                        disabled={resending !== null}
                        onClick={() => void resendOne(entry)}
                        aria-label={`Resend ${entry.subject} to ${entry.recipient}`}
                      >
                        Resend
                      </Button>
                    ) : (
                      // A mail with a one-time link is cleared once sent (and every mail after its retention).
                      <Text size="xs" c="dimmed" title={MESSAGES.emailNotResendable}>
                        Not kept
                      </Text>
                    )}
                  </Group>
                ),
              },
            ]}
          />
        </div>
      )}
      <ListPager {...pager} total={total} />
      <EmailDialog entry={opened} onClose={() => setOpened(null)} />
    </ListSection>
  );
}

/** /admin/emails: the Email log as its own area of the admin sidebar. */
export function EmailLogPage() {
  return (
    <AdminPage title="Email log" description="Every mail the portal queued, with its delivery state">
      <EmailLog />
    </AdminPage>
  );
}
