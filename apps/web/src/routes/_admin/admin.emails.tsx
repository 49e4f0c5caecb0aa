import { createFileRoute } from '@tanstack/react-router';
import { EmailLogPage } from '../../features/admin/emails/email-log';

export const Route = createFileRoute('/_admin/admin/emails')({
  component: EmailLogPage,
});
