// The static list of migrations: bundlers see every file, and order is the key order.
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-admin-indexes';
import * as m0003 from './0003-pending-commissions';
import * as m0004 from './0004-referral-stage-counts';
import * as m0005 from './0005-hardening';
import * as m0007 from './0007-email-outbox';

import * as m0008 from './0008-chart-indexes';
import * as m0009 from './0009-integrations';
import * as m0010 from './0010-team-mfa';
import * as m0011 from './0011-commission-kinds';
import * as m0012 from './0012-tax-profiles';
import * as m0013 from './0013-activity-indexes';
import * as m0014 from './0014-pipeline-search';
import * as m0015 from './0015-ordered-commission-ids';
import * as m0016 from './0016-program-months';
import * as m0017 from './0017-trigram-search';
import * as m0018 from './0018-commissions-created-index';
import * as m0019 from './0019-pending-months';
import * as m0020 from './0020-idempotency-keys';
import * as m0021 from './0021-program-settings';
import * as m0022 from './0022-lead-capture';
import * as m0023 from './0023-client-payments';
import * as m0024 from './0024-payout-rails';
import * as m0025 from './0025-stripe-refunds';
import * as m0026 from './0026-program-terms';
import * as m0027 from './0027-support-email';
import * as m0028 from './0028-user-display-name';
import * as m0029 from './0029-suspension-reason';
import * as m0030 from './0030-ach-files';
import * as m0031 from './0031-unplaced-bookings';
import * as m0032 from './0032-payable-from';
import * as m0033 from './0033-payout-line-commissions';
import * as m0034 from './0034-pending-order';
import * as m0035 from './0035-processor-page';
import * as m0036 from './0036-refund-clawback-payments';
import * as m0037 from './0037-fees-forfeited';

export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-admin-indexes': m0002,
  '0003-pending-commissions': m0003,
  '0004-referral-stage-counts': m0004,
  '0005-hardening': m0005,
  '0007-email-outbox': m0007,

  '0008-chart-indexes': m0008,
  '0009-integrations': m0009,
  '0010-team-mfa': m0010,
  '0011-commission-kinds': m0011,
  '0012-tax-profiles': m0012,
  '0013-activity-indexes': m0013,
  '0014-pipeline-search': m0014,
  '0015-ordered-commission-ids': m0015,
  '0016-program-months': m0016,
  '0017-trigram-search': m0017,
  '0018-commissions-created-index': m0018,
  '0019-pending-months': m0019,
  '0020-idempotency-keys': m0020,
  '0021-program-settings': m0021,
  '0022-lead-capture': m0022,
  '0023-client-payments': m0023,
  '0024-payout-rails': m0024,
  '0025-stripe-refunds': m0025,
  '0026-program-terms': m0026,
  '0027-support-email': m0027,
  '0028-user-display-name': m0028,
  '0029-suspension-reason': m0029,
  '0030-ach-files': m0030,
  '0031-unplaced-bookings': m0031,
  '0032-payable-from': m0032,
  '0033-payout-line-commissions': m0033,
  '0034-pending-order': m0034,
  '0035-processor-page': m0035,
  '0036-refund-clawback-payments': m0036,
  '0037-fees-forfeited': m0037,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
