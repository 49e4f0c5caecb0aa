// The files a payout leaves in: a NACHA file for its ACH partners (written by nach2), a PayPal
// Payouts batch CSV for its PayPal partners. Each carries only that payout's lines of its method,
// one credit per partner (the line's net, clawbacks included), and every download is logged.

import type { PaymentMethod } from '@portal/contracts';
import { COMMISSION_MESSAGES, PAYOUT_RAIL_MESSAGES, toCents } from '@portal/contracts';
import type { Db } from '@portal/db';
import nach from 'nach2';
import { stringify } from 'csv-stringify/sync';
import type { AchOriginator } from '../../config';
import { logActivity, type DbOrTx } from '../platform/activity';
import { bankFieldContext, type FieldCipher } from '../platform/crypto';
import { DomainError } from '../platform/errors';
import { decryptOrNull } from '../platform/mappers';
import { nextBankingDay } from './business-days';

interface PayoutFileLine {
  partnerId: string;
  companyName: string;
  referralCode: string;
  amount: string;
  holderName: string | null;
  contactName: string;
  payeeType: 'business' | 'individual';
  bankRoutingNumber: string | null;
  bankAccountNumber: string | null;
  bankAccountType: 'checking' | 'savings' | null;
  paypalEmail: string | null;
}

/** The payout and its lines paid by `method`, in company-name order; logs the download. 404 without the payout. */
async function linesForFile(
  trx: DbOrTx,
  { payoutId, method, actorId, action }: { payoutId: string; method: PaymentMethod; actorId: string; action: string },
) {
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
      'p.bankAccountHolderName as holderName',
      'p.contactName',
      'p.payeeType',
      'p.bankRoutingNumber',
      'p.bankAccountNumber',
      'p.bankAccountType',
      'p.paypalEmail',
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

/**
 * The NACHA file of a payout's ACH partners: one file, a CCD batch for business accounts and a PPD
 * batch for personal ones (credits only, service class 220), one credit per partner, effective the
 * next banking day. 409 when the originator settings are absent or the payout pays nobody by ACH.
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
  return db.transaction().execute(async (trx) => {
    const { payout, lines } = await linesForFile(trx, {
      payoutId,
      method: 'ACH',
      actorId,
      action: 'payout.ach_file_downloaded',
    });
    const effective = nextBankingDay(now);
    const file = new nach.File({
      immediateDestination: originator.immediateDestination,
      immediateOrigin: originator.immediateOrigin.padStart(10, ' '),
      // The bank's name is optional in NACHA: blank.
      immediateDestinationName: ' ',
      immediateOriginName: nachaText(originator.companyName, 23),
      // The payout reference without its "PO-" and date: 8 characters.
      referenceCode: nachaText(payout.reference.slice(-8), 8),
      fileCreationDate: `${pad2(now.getUTCFullYear() % 100)}${pad2(now.getUTCMonth() + 1)}${pad2(now.getUTCDate())}`,
      fileCreationTime: `${pad2(now.getUTCHours())}${pad2(now.getUTCMinutes())}`,
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
        const routing = decryptOrNull(
          cipher,
          line.bankRoutingNumber,
          bankFieldContext(line.partnerId, 'bank_routing_number'),
        );
        const account = decryptOrNull(
          cipher,
          line.bankAccountNumber,
          bankFieldContext(line.partnerId, 'bank_account_number'),
        );
        if (!routing || !account)
          throw DomainError.conflict(`${line.companyName} has no ACH account on file; they must add one in Settings`);
        trace += 1;
        addEntry(batch, line.companyName, {
          receivingDFI: routing,
          DFIAccount: account,
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
    return { reference: payout.reference, text: `${text}\r\n`, effectiveDate: effective.toISOString().slice(0, 10) };
  });
}

/** PayPal Payouts' batch upload: no header; recipient, amount, currency, customer id, note, wallet. */
export async function paypalBatchForPayout(
  db: Db,
  { cipher, payoutId, actorId }: { cipher: FieldCipher; payoutId: string; actorId: string },
): Promise<{ reference: string; text: string }> {
  return db.transaction().execute(async (trx) => {
    const { payout, lines } = await linesForFile(trx, {
      payoutId,
      method: 'PayPal',
      actorId,
      action: 'payout.paypal_batch_downloaded',
    });
    const rows = lines.map((line) => {
      const email = decryptOrNull(cipher, line.paypalEmail, bankFieldContext(line.partnerId, 'paypal_email'));
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
  });
}
