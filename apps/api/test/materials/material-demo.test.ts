// The demo library: real, valid files a partner can download on a fresh demo.

import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_MATERIALS, buildLogoPng, buildPdf, seedDemoMaterials } from '../../src/services/materials';
import { useTestApp } from '../support';

const t = useTestApp();

describe('demo materials', () => {
  it('builds a PDF whose cross-reference table points at its objects', () => {
    const pdf = buildPdf([
      { heading: 'Title (with parentheses)', lines: ['Line one', 'Line two'] },
      { heading: 'Page two', lines: [] },
    ]);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThan(5);
    offsets.forEach((offset, index) =>
      expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`),
    );
    expect(text).toContain('/Count 2');
    expect(text).toContain('(Title \\(with parentheses\\)) Tj');
  });

  it('builds a PNG with a correct header and image data', () => {
    const png = buildLogoPng(8);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.readUInt32BE(16)).toBe(8);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength))).toHaveLength(8 * (1 + 8 * 3));
  });

  it('seeds the library once, with files a partner can download', async () => {
    expect(await seedDemoMaterials(t.deps)).toBe(DEMO_MATERIALS.length);
    expect(await seedDemoMaterials(t.deps)).toBe(0);
    const partner = await t.createPartner();
    const headers = await t.bearer(partner.user);
    const list = (await t.app.inject({ method: 'GET', url: '/api/marketing-materials', headers })).json<
      { id: string; title: string; type: string }[]
    >();
    expect(list).toHaveLength(DEMO_MATERIALS.filter((m) => m.isActive !== false).length);
    expect(new Set(list.map((m) => m.type))).toEqual(new Set(['pdf', 'presentation', 'email_template', 'image']));
    for (const material of list) {
      const { url } = (
        await t.app.inject({ method: 'POST', url: `/api/marketing-materials/${material.id}/download`, headers })
      ).json<{ url: string }>();
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode, material.title).toBe(200);
      expect(file.rawPayload.length).toBeGreaterThan(100);
    }
  });
});
