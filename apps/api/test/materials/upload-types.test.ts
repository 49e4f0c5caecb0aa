// The kinds the server recognises by their bytes are exactly the upload types the contracts accept
// (the SPA's `accept` attribute is built from the same lists).

import { UPLOAD_CONTENT_TYPES, UPLOAD_EXTENSIONS } from '@portal/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { FILE_KINDS } from '../../src/services/materials';

type Kinds = (typeof FILE_KINDS)[keyof typeof FILE_KINDS];

describe('accepted upload types', () => {
  it('every content type the contracts accept is recognised, and nothing else', () => {
    expectTypeOf<Kinds['contentType']>().toEqualTypeOf<(typeof UPLOAD_CONTENT_TYPES)[number]>();
    expect(new Set(Object.values(FILE_KINDS).map((kind) => kind.contentType))).toEqual(new Set(UPLOAD_CONTENT_TYPES));
  });

  it('the extension a stored file gets is one the contracts accept', () => {
    expectTypeOf<Kinds['extension']>().toExtend<(typeof UPLOAD_EXTENSIONS)[number]>();
    for (const kind of Object.values(FILE_KINDS)) expect(UPLOAD_EXTENSIONS).toContain(kind.extension);
  });
});
