// Whether the server sends mail at all. Without an SMTP server (SMTP_URL) every mail stays in the Email
// log as Not sent, so a screen that promises one ("gets the approval email at once") says otherwise.

import { trpc } from '../../../lib/trpc';

/**
 * False only once the server has said it sends no mail; while it has not answered (or is not asked: `enabled`
 * false, e.g. a dialog that is closed), mail is assumed to go out.
 */
export function useMailDelivering(enabled = true): boolean {
  const delivery = trpc.admin.mailDelivery.useQuery(undefined, { staleTime: Infinity, retry: false, enabled });
  return delivery.data?.delivering ?? true;
}

/** What a screen says in place of a promised mail when the server sends none. */
export const NO_MAIL_NOTE = 'This server sends no mail (SMTP_URL is not set)';
