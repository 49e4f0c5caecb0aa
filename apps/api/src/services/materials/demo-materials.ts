// Demo marketing materials with real files: PDFs and a PNG logo generated in code, kept in the
// app's storage like any upload, so a fresh demo shows downloads that open.

import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { MAX_UPLOAD_BYTES, PRODUCT_NAME, type MaterialType } from '@portal/contracts';
import type { AppDeps } from '../../deps';
import { FILE_KINDS } from './file-types';
import { createStoredMaterial, updateMaterial } from './materials';

/** One page of a PDF: a heading and lines of body text (Latin-1 only). */
export interface PdfPage {
  heading: string;
  lines: string[];
}

const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');

/** A small valid PDF (1.4) with Helvetica text; `landscape` for slides. */
export function buildPdf(pages: PdfPage[], options: { landscape?: boolean } = {}): Buffer {
  const [width, height] = options.landscape ? [792, 612] : [612, 792];
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // the 1-based object number
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>');
  const pageIds: number[] = [];
  for (const page of pages) {
    const ops = [
      `BT /F2 ${options.landscape ? 28 : 22} Tf 56 ${height - 80} Td (${pdfText(page.heading)}) Tj ET`,
      '0.05 0.45 0.45 RG 2 w',
      `56 ${height - 96} m ${width - 56} ${height - 96} l S`,
    ];
    let y = height - 130;
    for (const line of page.lines) {
      ops.push(`BT /F1 ${options.landscape ? 16 : 12} Tf 56 ${y} Td (${pdfText(line)}) Tj ET`);
      y -= options.landscape ? 26 : 19;
    }
    ops.push(`BT /F1 9 Tf 56 36 Td (${pdfText(`${PRODUCT_NAME} Partner Program`)}) Tj ET`);
    const stream = ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PNG logo mark: a teal tile with three white ledger lines. */
export function buildLogoPng(size = 256): Buffer {
  const rows: Buffer[] = [];
  const inBar = (x: number, y: number) => {
    const margin = size * 0.2;
    const bars = [0.3, 0.48, 0.66];
    const lengths = [0.6, 0.45, 0.3];
    return bars.some(
      (top, i) =>
        y >= size * top && y < size * (top + 0.09) && x >= margin && x < margin + size * (lengths[i] as number),
    );
  };
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const [r, g, b] = inBar(x, y) ? [255, 255, 255] : [13, 115, 119];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoMaterial {
  title: string;
  description: string;
  type: MaterialType;
  fileName: string;
  file: () => Buffer;
  kind: { contentType: string; extension: string };
  isActive?: boolean;
}

export const DEMO_MATERIALS: DemoMaterial[] = [
  {
    title: `${PRODUCT_NAME} Partner One-Pager`,
    description:
      'A single page on what we do for e-commerce brands and what partners earn. Print it or attach it to an introduction.',
    type: 'pdf',
    fileName: 'ledgerline-partner-one-pager.pdf',
    kind: FILE_KINDS.pdf,
    file: () =>
      buildPdf([
        {
          heading: `${PRODUCT_NAME}: accounting and CFO services for e-commerce`,
          lines: [
            'Monthly bookkeeping and reconciliations for Shopify, Amazon and multi-channel sellers.',
            'Controller and fractional CFO services: forecasting, cash planning, inventory costing.',
            'Clean month-end close by the 10th business day, with a plain-language summary.',
            '',
            'Why partners refer us',
            '- $50 per month for every Basic Accounting client you refer.',
            '- $100 per month for every Controller or CFO client you refer.',
            '- Paid monthly for as long as the client stays: lifetime recurring revenue.',
            '',
            'How it works',
            '1. Share your referral link or introduce the client by email.',
            '2. We book a free 30-minute consultation with them.',
            '3. Follow the deal and your commissions in the partner dashboard.',
          ],
        },
      ]),
  },
  {
    title: 'Partner Pitch Deck',
    description:
      'Six slides to present our services to an e-commerce client: the problem, the services, pricing bands and onboarding.',
    type: 'presentation',
    fileName: 'ledgerline-pitch-deck.pdf',
    kind: FILE_KINDS.pdf,
    file: () =>
      buildPdf(
        [
          {
            heading: `${PRODUCT_NAME} for e-commerce brands`,
            lines: ['Accounting, controller and CFO services built for online sellers.'],
          },
          {
            heading: 'The problem',
            lines: [
              'Marketplace payouts, fees and refunds make the books hard to trust.',
              'Founders decide on inventory and ad spend without current numbers.',
            ],
          },
          {
            heading: 'Basic Accounting',
            lines: [
              'Monthly bookkeeping and bank reconciliations.',
              'Sales-channel and payout reconciliation.',
              'Monthly P&L and balance sheet.',
            ],
          },
          {
            heading: 'Controller and CFO',
            lines: [
              'Inventory and landed-cost accounting.',
              '13-week cash forecast and budget.',
              'Board-ready monthly reporting.',
            ],
          },
          {
            heading: 'Getting started',
            lines: [
              'A free 30-minute consultation.',
              'Onboarding within two weeks.',
              'First close delivered in the following month.',
            ],
          },
          {
            heading: 'Questions?',
            lines: ['Ask your partner contact, or book a consultation through the referral link.'],
          },
        ],
        { landscape: true },
      ),
  },
  {
    title: 'Client Introduction Email Templates',
    description:
      'Three ready-to-send emails: a warm introduction, a follow-up, and a note for clients already talking about a CFO.',
    type: 'email_template',
    fileName: 'ledgerline-email-templates.pdf',
    kind: FILE_KINDS.pdf,
    file: () =>
      buildPdf([
        {
          heading: 'Template 1: Warm introduction',
          lines: [
            'Subject: An accounting team that knows e-commerce',
            '',
            'Hi {first name},',
            'You mentioned the books are taking more of your time than they should. I work with',
            `${PRODUCT_NAME}, who do accounting and CFO work only for online brands. They offer`,
            'a free 30-minute consultation; you can book it here: {your referral link}',
            '',
            'Best, {your name}',
          ],
        },
        {
          heading: 'Template 2: Follow-up',
          lines: [
            'Subject: Did you get a chance to look?',
            '',
            'Hi {first name},',
            'Just checking whether the consultation link reached you: {your referral link}',
            '',
            'Best, {your name}',
          ],
        },
        {
          heading: 'Template 3: For a growing brand',
          lines: [
            'Subject: Forecasting and cash planning',
            '',
            'Hi {first name},',
            `If a part-time CFO would help with inventory and cash planning, ${PRODUCT_NAME}'s controller`,
            'service does exactly that. Book a call here: {your referral link}',
          ],
        },
      ]),
  },
  {
    title: `${PRODUCT_NAME} Logo`,
    description: 'The logo mark as a 256 px PNG for your website, partner pages and presentations.',
    type: 'image',
    fileName: 'ledgerline-logo.png',
    kind: FILE_KINDS.png,
    file: () => buildLogoPng(),
  },
  {
    title: '2025 Year-End Close Promotion',
    description: 'Last year’s year-end close flyer (kept for reference; no longer offered).',
    type: 'pdf',
    fileName: 'year-end-close-2025.pdf',
    kind: FILE_KINDS.pdf,
    isActive: false,
    file: () => buildPdf([{ heading: 'Year-end close 2025', lines: ['Book your year-end close before December 15.'] }]),
  },
];

/** Creates the demo materials unless the library already has any; answers how many it created. */
export async function seedDemoMaterials(
  deps: Pick<AppDeps, 'db' | 'storage' | 'now'>,
  options: { actorId?: string | null } = {},
): Promise<number> {
  const existing = await deps.db.selectFrom('marketingMaterials').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const actorId = options.actorId ?? null;
  for (const demo of DEMO_MATERIALS) {
    const content = demo.file();
    const stored = await deps.storage.put(Readable.from([content]), {
      maxBytes: MAX_UPLOAD_BYTES,
      extension: demo.kind.extension,
    });
    try {
      const row = await createStoredMaterial(deps.db, {
        actorId,
        input: { title: demo.title, description: demo.description, type: demo.type },
        file: {
          key: stored.key,
          sizeBytes: stored.sizeBytes,
          fileName: demo.fileName,
          contentType: demo.kind.contentType,
        },
      });
      if (demo.isActive === false)
        await updateMaterial(deps.db, { actorId, id: row.id, changes: { isActive: false }, now: deps.now() });
    } catch (error) {
      await deps.storage.remove(stored.key);
      throw error;
    }
  }
  return DEMO_MATERIALS.length;
}
