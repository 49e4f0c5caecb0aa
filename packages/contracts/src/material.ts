import { z } from 'zod';
import { MATERIAL_TYPES } from './enums';
import { emptyToNull, idField, optionalText, requiredText, singleLine, timestamp } from './fields';

export const materialTitleRequired = 'Title is required';
export const materialTypeRequired = 'Please choose a material type';
export const materialUrlInvalid = 'Please enter a valid file URL';
export const materialTextInvalid = 'Text cannot contain control characters';

// PostgreSQL text cannot hold NUL; refuse it (and other control characters) as a 400, not a 500.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const plain = (value: string | undefined | null) => value == null || !CONTROL.test(value);
const materialTitle = singleLine('Title', requiredText(materialTitleRequired));
const materialDescription = optionalText(2000).refine(plain, materialTextInvalid);

const httpUrl = z
  .string({ error: materialUrlInvalid })
  .trim()
  .max(2000, materialUrlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return !CONTROL.test(value) && (url.protocol === 'https:' || url.protocol === 'http:');
    } catch {
      return false;
    }
  }, materialUrlInvalid);

export const createMaterialInput = z.object({
  title: materialTitle,
  description: materialDescription,
  type: z.enum(MATERIAL_TYPES, { error: materialTypeRequired }),
  fileUrl: httpUrl,
});
export type CreateMaterialInput = z.input<typeof createMaterialInput>;

/** Fields of a multipart upload (the file travels beside them). */
export const uploadMaterialFields = createMaterialInput.omit({ fileUrl: true });

export const updateMaterialInput = z.object({
  id: idField,
  title: materialTitle.optional(),
  description: z.preprocess(
    emptyToNull,
    z.string().trim().max(2000).refine(plain, materialTextInvalid).nullable().optional(),
  ),
  type: z.enum(MATERIAL_TYPES, { error: materialTypeRequired }).optional(),
  fileUrl: httpUrl.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateMaterialInput = z.input<typeof updateMaterialInput>;

export const materialOutput = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(MATERIAL_TYPES),
  fileName: z.string().nullable(),
  isExternal: z.boolean(),
  downloadCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Material = z.infer<typeof materialOutput>;

/** What an admin sees besides: the external address, and the stored file's type and size. */
export const adminMaterialOutput = materialOutput.extend({
  fileUrl: z.string().nullable(),
  contentType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type AdminMaterial = z.infer<typeof adminMaterialOutput>;

export const materialIdInput = z.object({ id: idField });

/** Messages of the upload route (REST multipart). */
export const MATERIAL_UPLOAD_MESSAGES = {
  fileRequired: 'Please choose a file to upload',
  fileTooLarge: 'The file is larger than 25 MB',
  fileTypeUnsupported:
    'This file type is not supported. Upload a PDF, PNG, JPEG, GIF, PowerPoint (.pptx), Word (.docx) or MP4 file.',
  contentTypeUnsupported: 'Send the material as JSON or as multipart/form-data',
  uploadUnreadable: 'The upload could not be read: send one multipart/form-data body with its boundary, whole',
  materialNotFound: 'Material not found',
  downloadLinkInvalid: 'This download link is invalid or has expired',
} as const;

export const downloadOutput = z.object({ url: z.string(), downloadCount: z.number().int() });
