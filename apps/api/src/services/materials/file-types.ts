// Recognises an uploaded file by its bytes, never by the name or the header the client sent.
// Office files are ZIP archives; their part names sit uncompressed in the archive, so a
// streaming search for "ppt/presentation.xml" or "word/document.xml" tells them apart.

import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { UPLOAD_CONTENT_TYPES, UPLOAD_EXTENSIONS } from '@portal/contracts';

/** A kind the server recognises; its content type and extension are among the contracts' accepted upload types. */
export interface FileKind {
  contentType: (typeof UPLOAD_CONTENT_TYPES)[number];
  extension: (typeof UPLOAD_EXTENSIONS)[number];
}

export const FILE_KINDS = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  mp4: { contentType: 'video/mp4', extension: 'mp4' },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: 'pptx' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
} as const satisfies Record<string, FileKind>;

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const ZIP_MARKERS = [
  { marker: Buffer.from('ppt/presentation.xml'), kind: FILE_KINDS.pptx },
  { marker: Buffer.from('word/document.xml'), kind: FILE_KINDS.docx },
];
const OVERLAP = Math.max(...ZIP_MARKERS.map((m) => m.marker.length)) - 1;
const HEAD_BYTES = 16;

/** The kind of a file from its first bytes; zip archives need the marker search as well. */
export function kindFromHead(head: Buffer, zipKind: FileKind | null = null): FileKind | null {
  if (startsWith(head, ascii('%PDF-'))) return FILE_KINDS.pdf;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_KINDS.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return FILE_KINDS.jpeg;
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return FILE_KINDS.gif;
  if (startsWith(head, ascii('ftyp'), 4)) return FILE_KINDS.mp4;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return zipKind;
  return null;
}

/** A pass-through stream that remembers what it saw; `kind()` answers once the stream has ended. */
export function createFileSniffer(): Transform & { kind(): FileKind | null; sha256(): string } {
  // The digest of every byte: an upload retried under its Idempotency-Key is known by its content.
  const digest = createHash('sha256');
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  let zipKind: FileKind | null = null;
  const sniffer = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digest.update(chunk);
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      if (!zipKind) {
        const window = Buffer.concat([tail, chunk]);
        zipKind = ZIP_MARKERS.find(({ marker }) => window.includes(marker))?.kind ?? null;
        tail = window.subarray(Math.max(0, window.length - OVERLAP));
      }
      done(null, chunk);
    },
  });
  return Object.assign(sniffer, { kind: () => kindFromHead(head, zipKind), sha256: () => digest.digest('hex') });
}
