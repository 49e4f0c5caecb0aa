// The part of nach2 (an untyped CommonJS package) the NACHA writer uses.
declare module 'nach2' {
  interface FileOptions {
    immediateDestination: string;
    immediateOrigin: string;
    immediateDestinationName?: string;
    immediateOriginName?: string;
    referenceCode?: string;
    fileCreationDate?: string;
    fileCreationTime?: string;
    fileIdModifier?: string;
    batchSequenceNumber?: number;
  }
  interface BatchOptions {
    serviceClassCode: string;
    companyName: string;
    standardEntryClassCode: string;
    companyIdentification: string;
    companyEntryDescription: string;
    companyDescriptiveDate?: string;
    effectiveEntryDate: Date;
    originatingDFI: string;
  }
  interface EntryOptions {
    receivingDFI: string;
    DFIAccount: string;
    amount: string;
    idNumber?: string;
    individualName: string;
    discretionaryData?: string;
    transactionCode: string;
    traceNumber?: string;
  }
  export class File {
    constructor(options: FileOptions);
    addBatch(batch: Batch): void;
    generateFile(callback: (text: string) => void): void;
  }
  export class Batch {
    constructor(options: BatchOptions);
    addEntry(entry: Entry): void;
  }
  export class Entry {
    constructor(options: EntryOptions);
  }
  const nach: { File: typeof File; Batch: typeof Batch; Entry: typeof Entry };
  export default nach;
}

declare module '@ach/ach/lib/transforms/ach-parser.js' {
  import type { Transform } from 'node:stream';
  /** A stream in object mode: write `{ string: line }` per line, read the parsed file object. */
  const AchParser: new () => Transform;
  export default AchParser;
}
