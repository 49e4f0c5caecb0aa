// The Kysely view of the database. Columns are snake_case in SQL and camelCase here (CamelCasePlugin).

import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** timestamptz; optional on insert where the column has a default. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric(10,2): read as a decimal string, written as a string or number. */
type Money = ColumnType<string, string | number | undefined, string | number>;
/** date: read as "YYYY-MM-DD". */
type Day = ColumnType<string | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  passwordHash: string;
  role: Generated<'admin' | 'partner'>;
  tokenVersion: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PartnersTable {
  id: Generated<string>;
  userId: string;
  companyName: string;
  contactName: string;
  companyType: string;
  website: string | null;
  phone: string | null;
  taxId: string | null;
  w9OnFile: Generated<boolean>;
  paymentMethod: Generated<'Wire' | 'ACH' | 'PayPal'>;
  bankName: string | null;
  /** AES-256-GCM ciphertext with its key id ("keyId:iv:tag:data"). */
  bankRoutingNumber: string | null;
  /** AES-256-GCM ciphertext with its key id. */
  bankAccountNumber: string | null;
  bankAccountType: 'checking' | 'savings' | null;
  bankAccountHolderName: string | null;
  bankAddress: string | null;
  beneficiaryAddress: string | null;
  /** AES-256-GCM ciphertext with its key id (ACH account reference). */
  bankAccount: string | null;
  paypalEmail: string | null;
  mailingAddress: string | null;
  status: Generated<'pending' | 'active' | 'inactive' | 'suspended' | 'rejected'>;
  expectedVolume: string | null;
  referralCode: string;
  totalLifetimeCommissions: Money;
  currentMrr: Money;
  firstReferralDate: NullableTimestamp;
  lastReferralDate: NullableTimestamp;
  applicationDate: NullableTimestamp;
  approvedAt: NullableTimestamp;
  approvedBy: string | null;
  rejectedAt: NullableTimestamp;
  rejectedBy: string | null;
  rejectionReason: string | null;
  agreementSigned: Generated<boolean>;
  agreementSignedAt: NullableTimestamp;
  agreementVersion: Generated<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ReferralsTable {
  id: Generated<string>;
  partnerId: string;
  clientCompanyName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  serviceType: 'basic_accounting' | 'controller';
  monthlyValue: Money;
  commissionAmount: Money;
  stage: Generated<'booked' | 'qualified' | 'proposal' | 'won' | 'lost'>;
  consultationDate: NullableTimestamp;
  proposalDate: NullableTimestamp;
  closeDate: NullableTimestamp;
  contractStartDate: Day;
  contractEndDate: Day;
  lostReason: string | null;
  churnDate: Day;
  notes: string | null;
  referralSource: string | null;
  landingPage: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CommissionsTable {
  id: Generated<string>;
  partnerId: string;
  referralId: string;
  amount: Money;
  monthYear: string;
  status: Generated<'pending' | 'paid' | 'failed'>;
  paymentDate: NullableTimestamp;
  paymentMethod: 'Wire' | 'ACH' | 'PayPal' | null;
  paymentReference: string | null;
  failureReason: string | null;
  payoutId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface MarketingMaterialsTable {
  id: Generated<string>;
  title: string;
  description: string | null;
  type: string;
  /** External address, or null when the file is stored by the portal. */
  fileUrl: string | null;
  storageKey: string | null;
  fileName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  downloadCount: Generated<number>;
  isActive: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ActivityLogTable {
  id: Generated<string>;
  userId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  details: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
}

export interface ReferralVisitsTable {
  id: Generated<string>;
  partnerId: string | null;
  referralCode: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  landingPage: string | null;
  createdAt: Timestamp;
}

export interface PayoutsTable {
  id: Generated<string>;
  idempotencyKey: string;
  /** sha-256 of the request body, so a different body under the same key is refused. */
  requestHash: string;
  reference: string;
  createdBy: string | null;
  total: Money;
  commissionCount: number;
  partnerCount: number;
  createdAt: Timestamp;
}

export interface Database {
  users: UsersTable;
  partners: PartnersTable;
  referrals: ReferralsTable;
  commissions: CommissionsTable;
  marketingMaterials: MarketingMaterialsTable;
  activityLog: ActivityLogTable;
  referralVisits: ReferralVisitsTable;
  payouts: PayoutsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Partner = Selectable<PartnersTable>;
export type NewPartner = Insertable<PartnersTable>;
export type PartnerUpdate = Updateable<PartnersTable>;
export type ReferralRow = Selectable<ReferralsTable>;
export type CommissionRow = Selectable<CommissionsTable>;
export type MaterialRow = Selectable<MarketingMaterialsTable>;
export type PayoutRow = Selectable<PayoutsTable>;

/**
 * The columns of each table, as a value the drift test can compare with the live schema.
 * The type below fails to compile when this list and the interfaces above disagree.
 */
export const TABLE_COLUMNS = {
  users: ['id', 'email', 'passwordHash', 'role', 'tokenVersion', 'createdAt', 'updatedAt'],
  partners: [
    'id', 'userId', 'companyName', 'contactName', 'companyType', 'website', 'phone', 'taxId', 'w9OnFile', 'paymentMethod',
    'bankName', 'bankRoutingNumber', 'bankAccountNumber', 'bankAccountType', 'bankAccountHolderName', 'bankAddress',
    'beneficiaryAddress', 'bankAccount', 'paypalEmail', 'mailingAddress', 'status', 'expectedVolume', 'referralCode',
    'totalLifetimeCommissions', 'currentMrr', 'firstReferralDate', 'lastReferralDate', 'applicationDate', 'approvedAt',
    'approvedBy', 'rejectedAt', 'rejectedBy', 'rejectionReason', 'agreementSigned', 'agreementSignedAt', 'agreementVersion',
    'createdAt', 'updatedAt',
  ],
  referrals: [
    'id', 'partnerId', 'clientCompanyName', 'clientEmail', 'clientPhone', 'serviceType', 'monthlyValue', 'commissionAmount',
    'stage', 'consultationDate', 'proposalDate', 'closeDate', 'contractStartDate', 'contractEndDate', 'lostReason', 'churnDate',
    'notes', 'referralSource', 'landingPage', 'createdAt', 'updatedAt',
  ],
  commissions: [
    'id', 'partnerId', 'referralId', 'amount', 'monthYear', 'status', 'paymentDate', 'paymentMethod', 'paymentReference',
    'failureReason', 'payoutId', 'createdAt', 'updatedAt',
  ],
  marketingMaterials: [
    'id', 'title', 'description', 'type', 'fileUrl', 'storageKey', 'fileName', 'contentType', 'sizeBytes', 'downloadCount',
    'isActive', 'createdAt', 'updatedAt',
  ],
  activityLog: ['id', 'userId', 'action', 'entityType', 'entityId', 'details', 'createdAt'],
  referralVisits: ['id', 'partnerId', 'referralCode', 'utmSource', 'utmMedium', 'utmCampaign', 'landingPage', 'createdAt'],
  payouts: ['id', 'idempotencyKey', 'requestHash', 'reference', 'createdBy', 'total', 'commissionCount', 'partnerCount', 'createdAt'],
} as const satisfies { [T in keyof Database]: ReadonlyArray<keyof Database[T]> };

type MissingColumns = {
  [T in keyof Database]: Exclude<keyof Database[T], (typeof TABLE_COLUMNS)[T][number]>;
}[keyof Database];
// Compile-time exhaustiveness: a column in an interface but not in TABLE_COLUMNS makes this `false`.
export const tableColumnsAreComplete: [MissingColumns] extends [never] ? true : false = true;
