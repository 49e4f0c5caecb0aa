// The files a payout leaves in: a NACHA file for its ACH partners (written by nach2), a PayPal
// Payouts batch CSV for its PayPal partners and wire instructions for its wire partners. Each is
// built from the payout's lines of its method (one credit per partner, the line's net, clawbacks
// included), so a line returned and paid again later stays in the file it went out in; every
// download is logged, and a method the payout does not pay answers 409.

import type { PaymentMethod } from '@portal/contracts';
import { COMMISSION_MESSAGES, PAYOUT_RAIL_MESSAGES, toCents } from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql } from 'kysely';
import nach from 'nach2';
import { stringify } from 'csv-stringify/sync';
import type { AchOriginator } from '../../config';
import { logActivity, type DbOrTx } from '../platform/activity';
import { bankFieldContext, type BankNumberColumn, type FieldCipher } from '../platform/crypto';
import { DomainError } from '../platform/errors';
import { decryptOrNull } from '../platform/mappers';
import { nextBankingDay } from './business-days';
import type { CsvColumn, CsvRow } from './exports';

interface PayoutFileLine {
  partnerId: string;
  companyName: string;
  referralCode: string;
  amount: string;
  commissionCount: number;
  holderName: string | null;
  contactName: string;
  payeeType: 'business' | 'individual';
  bankRoutingNumber: string | null;
  bankAccountNumber: string | null;
  bankAccountType: 'checking' | 'savings' | null;
  paypalEmail: string | null;
  beneficiaryAddress: string | null;
  bankName: string | null;
  bankAddress: string | null;
}

/** The line's field of each encrypted column of the partner. */
const LINE_FIELDS = {
  bank_routing_number: 'bankRoutingNumber',
  bank_account_number: 'bankAccountNumber',
  paypal_email: 'paypalEmail',
} as const satisfies Record<BankNumberColumn, keyof PayoutFileLine>;

/** A line's bank number or PayPal email in clear text; null when none is on file. */
const decryptLineField = (cipher: FieldCipher, line: PayoutFileLine, column: BankNumberColumn) =>
  decryptOrNull(cipher, line[LINE_FIELDS[column]], bankFieldContext(line.partnerId, column));

interface FileRequest {
  payoutId: string;
  method: PaymentMethod;
  actorId: string;
  /** The activity logged for the download. */
  action: string;
}

/**
 * Builds a payout's file in one transaction from the payout and its lines paid by `method`, in company-name order;
 * the download is logged. 404 without the payout, 409 when it pays nobody by `method`.
 */
async function fileOfPayout<T>(
  db: Db,
  request: FileRequest,
  build: (file: Awaited<ReturnType<typeof linesForFile>>, trx: DbOrTx) => Promise<T> | T,
): Promise<T> {
  return db.transaction().execute(async (trx) => build(await linesForFile(trx, request), trx));
}

async function linesForFile(trx: DbOrTx, { payoutId, method, actorId, action }: FileRequest) {
  const payout = await trx
    .selectFrom('payouts')
    .select(['id', 'reference', 'createdAt'])
    .where('id', '=', payoutId)
    .executeTakeFirst();
  if (!payout) throw DomainError.notFound(COMMISSION_MESSAGES.payoutNotFound);
  const lines: PayoutFileLine[] = await trx
    .selectFrom('payoutLines as l')
    .innerJoin('partners as p', 'p.id', 'l.partnerId')
    .select([
      'l.partnerId',
      'p.companyName',
      'p.referralCode',
      'l.amount',
      'l.commissionCount',
      'p.bankAccountHolderName as holderName',
      'p.contactName',
      'p.payeeType',
      'p.bankRoutingNumber',
      'p.bankAccountNumber',
      'p.bankAccountType',
      'p.paypalEmail',
      'p.beneficiaryAddress',
      'p.bankName',
      'p.bankAddress',
    ])
    .where('l.payoutId', '=', payoutId)
    .where('l.paymentMethod', '=', method)
    .orderBy('p.companyName')
    .orderBy('l.partnerId')
    .execute();
  if (lines.length === 0) throw DomainError.conflict(PAYOUT_RAIL_MESSAGES.noPartnersForFile(method));
  await logActivity(trx, {
    userId: actorId,
    action,
    entityType: 'payout',
    entityId: payoutId,
    details: { reference: payout.reference, partnerIds: lines.map((line) => line.partnerId) },
  });
  return { payout, lines };
}

/** NACHA's alphanumeric set, upper case: accents folded, anything else dropped. */
export function nachaText(value: string, width: number): string {
  return value
    .normalize('NFKD')
    .replace(/[^0-9A-Za-z !"#$%&'()*+,\-./:;<>=?@[\]\\^_`{}|~]/g, '')
    .toUpperCase()
    .slice(0, width)
    .trimEnd();
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

type EntryOptions = ConstructorParameters<typeof nach.Entry>[0];

/** nach2 validates each field as it is given; a value it refuses is the partner's to fix (409 naming them). */
function addEntry(batch: InstanceType<typeof nach.Batch>, companyName: string, entry: EntryOptions): void {
  try {
    batch.addEntry(new nach.Entry(entry));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw DomainError.conflict(`The ACH details of ${companyName} cannot go in a NACHA file: ${detail}`, error);
  }
}

export interface NachaFile {
  reference: string;
  text: string;
  effectiveDate: string;
}

/** A file ID modifier tells apart the files of one originator made on one date: A–Z, then 0–9. */
const FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

interface AchFileHeader {
  createdAt: Date;
  fileIdModifier: string;
  effectiveDate: string;
}

/**
 * The header of the payout's NACHA file: fixed the first time the file is built (creation date and
 * time, the next modifier unused that UTC date, the next banking day as effective date), so every
 * download is the same file and no two payouts' files share a duplicate-file key. Allocations are
 * serialised by an advisory lock; 409 once a date's 36 modifiers are used.
 */
async function achFileHeader(trx: DbOrTx, payoutId: string, now: Date): Promise<AchFileHeader> {
  const existing = await trx
    .selectFrom('achFiles')
    .select(['createdAt', 'fileIdModifier', 'effectiveDate'])
    .where('payoutId', '=', payoutId)
    .executeTakeFirst();
  if (existing) return existing;
  await sql`select pg_advisory_xact_lock(hashtextextended('ach-file-modifiers', 0))`.execute(trx);
  const creationDate = now.toISOString().slice(0, 10);
  const used = await trx
    .selectFrom('achFiles')
    .select('fileIdModifier')
    .where('creationDate', '=', creationDate)
    .execute();
  const taken = new Set(used.map((row) => row.fileIdModifier));
  const fileIdModifier = [...FILE_ID_MODIFIERS].find((modifier) => !taken.has(modifier));
  if (!fileIdModifier) throw DomainError.conflict(PAYOUT_RAIL_MESSAGES.achFilesExhausted);
  const header = {
    createdAt: now,
    fileIdModifier,
    effectiveDate: nextBankingDay(now).toISOString().slice(0, 10),
  };
  await trx
    .insertInto('achFiles')
    .values({ payoutId, creationDate, ...header })
    .execute();
  return header;
}

/**
 * The NACHA file of a payout's ACH partners: one file, a CCD batch for business accounts and a PPD
 * batch for personal ones (credits only, service class 220), one credit per partner, effective the
 * next banking day after the file was first built. 409 when the originator settings are absent or
 * the payout pays nobody by ACH.
 */
export async function nachaFileForPayout(
  db: Db,
  {
    cipher,
    originator,
    payoutId,
    actorId,
    now,
  }: { cipher: FieldCipher; originator: AchOriginator | undefined; payoutId: string; actorId: string; now: Date },
): Promise<NachaFile> {
  if (!originator) throw DomainError.conflict(PAYOUT_RAIL_MESSAGES.achNotConfigured);
  return fileOfPayout(
    db,
    { payoutId, method: 'ACH', actorId, action: 'payout.ach_file_downloaded' },
    async ({ payout, lines }, trx) => {
      const header = await achFileHeader(trx, payout.id, now);
      const created = header.createdAt;
      const effective = new Date(`${header.effectiveDate}T00:00:00Z`);
      const file = new nach.File({
        immediateDestination: originator.immediateDestination,
        immediateOrigin: originator.immediateOrigin.padStart(10, ' '),
        // The bank's name is optional in NACHA: blank.
        immediateDestinationName: ' ',
        immediateOriginName: nachaText(originator.companyName, 23),
        // The payout reference's own suffix (PO-YYYYMMDD-XXXXXX): 8 characters at most.
        referenceCode: nachaText(payout.reference.split('-').at(-1) ?? '', 8),
        fileCreationDate: `${pad2(created.getUTCFullYear() % 100)}${pad2(created.getUTCMonth() + 1)}${pad2(created.getUTCDate())}`,
        fileCreationTime: `${pad2(created.getUTCHours())}${pad2(created.getUTCMinutes())}`,
        fileIdModifier: header.fileIdModifier,
        batchSequenceNumber: 1,
      });
      // nach2 formats the effective date from local calendar fields.
      const effectiveLocal = new Date(effective.getUTCFullYear(), effective.getUTCMonth(), effective.getUTCDate());
      const descriptiveDate = `${MONTHS[effective.getUTCMonth()]} ${pad2(effective.getUTCDate())}`;
      let trace = 0;
      for (const [entryClass, payeeType] of [
        ['CCD', 'business'],
        ['PPD', 'individual'],
      ] as const) {
        const ofClass = lines.filter((line) => line.payeeType === payeeType);
        if (ofClass.length === 0) continue;
        const batch = new nach.Batch({
          serviceClassCode: '220',
          companyName: nachaText(originator.companyName, 16),
          standardEntryClassCode: entryClass,
          companyIdentification: originator.companyId,
          companyEntryDescription: 'COMMISSION',
          companyDescriptiveDate: descriptiveDate,
          effectiveEntryDate: effectiveLocal,
          originatingDFI: originator.odfiRouting,
        });
        for (const line of ofClass) {
          const routing = decryptLineField(cipher, line, 'bank_routing_number');
          const account = decryptLineField(cipher, line, 'bank_account_number');
          if (!routing || !account)
            throw DomainError.conflict(`${line.companyName} has no ACH account on file; they must add one in Settings`);
          trace += 1;
          addEntry(batch, line.companyName, {
            receivingDFI: routing,
            // Account numbers may carry letters; NACHA's fields are upper case.
            DFIAccount: account.toUpperCase(),
            // 22: credit to a checking account, 32: to a savings account.
            transactionCode: line.bankAccountType === 'savings' ? '32' : '22',
            amount: (toCents(line.amount) / 100).toFixed(2),
            idNumber: nachaText(line.referralCode, 15),
            individualName: nachaText(line.holderName ?? line.companyName, 22) || 'PARTNER',
            discretionaryData: '  ',
            traceNumber: `${originator.odfiRouting.slice(0, 8)}${String(trace).padStart(7, '0')}`,
          });
        }
        file.addBatch(batch);
      }
      const text = await new Promise<string>((resolve) => file.generateFile(resolve));
      return { reference: payout.reference, text: `${text}\r\n`, effectiveDate: header.effectiveDate };
    },
  );
}

/** PayPal Payouts' batch upload: no header; recipient, amount, currency, customer id, note, wallet. */
export async function paypalBatchForPayout(
  db: Db,
  { cipher, payoutId, actorId }: { cipher: FieldCipher; payoutId: string; actorId: string },
): Promise<{ reference: string; text: string }> {
  return fileOfPayout(
    db,
    { payoutId, method: 'PayPal', actorId, action: 'payout.paypal_batch_downloaded' },
    ({ payout, lines }) => {
      const rows = lines.map((line) => {
        const email = decryptLineField(cipher, line, 'paypal_email');
        if (!email) throw DomainError.conflict(`${line.companyName} has no PayPal email on file; they must add one`);
        return [
          email,
          (toCents(line.amount) / 100).toFixed(2),
          'USD',
          // A unique id per partner: 30 characters at most, no spaces.
          line.referralCode.replace(/[^0-9A-Za-z_-]/g, '').slice(0, 30),
          `Partner commissions, payout ${payout.reference}`,
          'PAYPAL',
        ];
      });
      return { reference: payout.reference, text: stringify(rows, { record_delimiter: 'windows' }) };
    },
  );
}

export const WIRE_COLUMNS: CsvColumn[] = [
  { key: 'reference', header: 'Payout Reference' },
  { key: 'partnerCompanyName', header: 'Partner' },
  { key: 'beneficiaryName', header: 'Beneficiary Name' },
  { key: 'beneficiaryAddress', header: 'Beneficiary Address' },
  { key: 'bankName', header: 'Bank Name' },
  { key: 'bankAddress', header: 'Bank Address' },
  { key: 'routingNumber', header: 'Routing Number' },
  { key: 'accountNumber', header: 'Account Number' },
  { key: 'accountType', header: 'Account Type' },
  { key: 'paymentMethod', header: 'Payment Method' },
  { key: 'amount', header: 'Amount' },
  { key: 'commissionCount', header: 'Commissions' },
  { key: 'paidAt', header: 'Payment Date' },
];

/**
 * One row per wire partner of a payout, with the bank numbers decrypted: the one place besides the
 * NACHA file they leave the server in full. 404 without the payout, 409 when it pays nobody by wire.
 */
export async function wireInstructions(
  db: Db,
  { cipher, payoutId, actorId }: { cipher: FieldCipher; payoutId: string; actorId: string },
): Promise<{ reference: string; rows: CsvRow[] }> {
  return fileOfPayout(
    db,
    { payoutId, method: 'Wire', actorId, action: 'payout.wire_instructions_downloaded' },
    ({ payout, lines }) => ({
      reference: payout.reference,
      rows: lines.map((line) => ({
        reference: payout.reference,
        partnerCompanyName: line.companyName,
        beneficiaryName: line.holderName ?? line.contactName,
        beneficiaryAddress: line.beneficiaryAddress,
        bankName: line.bankName,
        bankAddress: line.bankAddress,
        routingNumber: decryptLineField(cipher, line, 'bank_routing_number'),
        accountNumber: decryptLineField(cipher, line, 'bank_account_number'),
        accountType: line.bankAccountType,
        paymentMethod: 'Wire',
        amount: line.amount,
        commissionCount: line.commissionCount,
        paidAt: payout.createdAt.toISOString().slice(0, 10),
      })),
    }),
  );
}
