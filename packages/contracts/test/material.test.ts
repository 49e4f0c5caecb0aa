import { describe, expect, it } from 'vitest';
import {
  adminMaterialOutput,
  createMaterialInput,
  materialOutput,
  materialTitleRequired,
  materialTypeRequired,
  materialUrlInvalid,
  updateMaterialInput,
  uploadMaterialFields,
} from '../src/material';
import { firstMessage } from './first-message';

const id = '6f1c2f1e-8d7a-4b7e-9a51-3d2c1b0a9f8e';

describe('createMaterialInput', () => {
  it('accepts an external link and trims the title', () => {
    const parsed = createMaterialInput.parse({
      title: '  Pitch deck ',
      type: 'presentation',
      fileUrl: 'https://cdn.example.com/deck.pdf',
    });
    expect(parsed).toEqual({ title: 'Pitch deck', type: 'presentation', fileUrl: 'https://cdn.example.com/deck.pdf' });
  });

  it('treats an empty description as absent', () => {
    expect(
      createMaterialInput.parse({ title: 'A', description: '', type: 'pdf', fileUrl: 'https://x.example.com/a' })
        .description,
    ).toBeUndefined();
  });

  it('asks for a title', () => {
    expect(
      firstMessage(createMaterialInput.safeParse({ title: ' ', type: 'pdf', fileUrl: 'https://x.example.com/a' })),
    ).toBe(materialTitleRequired);
  });

  it('asks for one of the material types', () => {
    expect(
      firstMessage(createMaterialInput.safeParse({ title: 'A', type: 'flyer', fileUrl: 'https://x.example.com/a' })),
    ).toBe(materialTypeRequired);
  });

  it.each(['ftp://x.example.com/a', 'javascript:alert(1)', 'file:///etc/passwd', 'cdn.example.com/a.pdf', ''])(
    'refuses the address %j',
    (fileUrl) => {
      expect(firstMessage(createMaterialInput.safeParse({ title: 'A', type: 'pdf', fileUrl }))).toBe(
        materialUrlInvalid,
      );
    },
  );
});

describe('uploadMaterialFields', () => {
  it('takes the text fields of a multipart upload without a file address', () => {
    expect(uploadMaterialFields.parse({ title: 'Logo', description: 'PNG', type: 'image' })).toEqual({
      title: 'Logo',
      description: 'PNG',
      type: 'image',
    });
    expect(uploadMaterialFields.safeParse({ title: '', type: 'image' }).success).toBe(false);
  });
});

describe('updateMaterialInput', () => {
  it('accepts a partial change and clears the description with an empty string', () => {
    expect(updateMaterialInput.parse({ id, isActive: false })).toEqual({ id, isActive: false });
    expect(updateMaterialInput.parse({ id, description: '' }).description).toBeNull();
  });

  it('refuses a blank title and a bad id', () => {
    expect(firstMessage(updateMaterialInput.safeParse({ id, title: '' }))).toBe(materialTitleRequired);
    expect(updateMaterialInput.safeParse({ id: 'abc', isActive: true }).success).toBe(false);
  });
});

describe('outputs', () => {
  const material = {
    id,
    title: 'One-pager',
    description: null,
    type: 'pdf',
    fileName: 'one-pager.pdf',
    isExternal: false,
    downloadCount: 3,
    isActive: true,
    createdAt: '2026-11-22T00:00:00.000Z',
    updatedAt: '2026-11-22T00:00:00.000Z',
  };

  it('keeps the external address out of the partner shape', () => {
    expect(materialOutput.parse({ ...material, fileUrl: 'https://x.example.com/a' })).not.toHaveProperty('fileUrl');
  });

  it('gives admins the address, content type and size', () => {
    expect(
      adminMaterialOutput.parse({ ...material, fileUrl: null, contentType: 'application/pdf', sizeBytes: 10 }),
    ).toMatchObject({ contentType: 'application/pdf', sizeBytes: 10 });
  });
});

describe('control characters', () => {
  it('refuses NUL and other control characters in title, description and address', async () => {
    const { materialTextInvalid } = await import('../src/material');
    const base = { title: 'A', type: 'pdf', fileUrl: 'https://x.example.com/a' };
    expect(firstMessage(createMaterialInput.safeParse({ ...base, title: 'a\u0000b' }))).toBe(
      'Title must be a single line without control characters',
    );
    expect(firstMessage(createMaterialInput.safeParse({ ...base, title: 'Guide\n=1+1' }))).toBe(
      'Title must be a single line without control characters',
    );
    expect(firstMessage(createMaterialInput.safeParse({ ...base, description: 'd\u0000' }))).toBe(materialTextInvalid);
    expect(createMaterialInput.safeParse({ ...base, fileUrl: 'https://x.example.com/a\u0000b' }).success).toBe(false);
    expect(firstMessage(updateMaterialInput.safeParse({ id, description: 'x\u0007' }))).toBe(materialTextInvalid);
    expect(createMaterialInput.safeParse({ ...base, description: 'Line one\nLine two\ttabbed' }).success).toBe(true);
  });
});
