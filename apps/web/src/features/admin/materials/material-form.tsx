// The add/edit form of a marketing material: an uploaded file or a link, with the contracts' messages.

import {
  Button,
  FileInput,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACCEPTED_UPLOAD_TYPES,
  MATERIAL_TYPES,
  MATERIAL_TYPE_LABELS,
  MATERIAL_UPLOAD_MESSAGES,
  MAX_UPLOAD_BYTES,
  materialTitleRequired,
  materialTypeRequired,
  materialUrlInvalid,
  type MaterialType,
} from '@portal/contracts';
import { IconLink, IconUpload } from '@tabler/icons-react';
import { FormActions } from '../../../layout/form-actions';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { optionsOf } from '../../../lib/select-options';

const TYPE_OPTIONS = optionsOf(MATERIAL_TYPES, MATERIAL_TYPE_LABELS);

export type MaterialSource = 'upload' | 'link';

export interface MaterialFormValues {
  source: MaterialSource;
  title: string;
  description: string;
  type: MaterialType | '';
  fileUrl: string;
  file: File | null;
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * The add/edit form. `mode: 'edit'` hides the upload choice (a stored file stays; giving a link
 * replaces it). Validation uses the contracts' messages; the server checks everything again.
 */
export function MaterialForm({
  mode,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  uploadProgress = null,
  onCancelUpload,
}: {
  mode: 'create' | 'edit';
  initial?: Partial<MaterialFormValues>;
  submitLabel: string;
  onSubmit: (values: MaterialFormValues) => Promise<void> | void;
  onCancel?: () => void;
  /** Percent of the file sent while an upload runs (a progress bar and "Cancel upload" replace the buttons). */
  uploadProgress?: number | null;
  onCancelUpload?: () => void;
}) {
  const submitOnce = useSubmitOnce(onSubmit);
  const form = useForm<MaterialFormValues>({
    mode: 'controlled',
    initialValues: { source: 'upload', title: '', description: '', type: '', fileUrl: '', file: null, ...initial },
    validate: {
      title: (value) => (value.trim() ? null : materialTitleRequired),
      type: (value) => (value ? null : materialTypeRequired),
      fileUrl: (value, values) => {
        if (values.source !== 'link') return null;
        if (mode === 'edit' && !value.trim()) return null;
        return isHttpUrl(value) ? null : materialUrlInvalid;
      },
      file: (value, values) => {
        if (mode === 'edit' || values.source !== 'upload') return null;
        if (!value) return MATERIAL_UPLOAD_MESSAGES.fileRequired;
        return value.size > MAX_UPLOAD_BYTES ? MATERIAL_UPLOAD_MESSAGES.fileTooLarge : null;
      },
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        submitOnce.run({ ...values, title: values.title.trim(), fileUrl: values.fileUrl.trim() }),
      )}
    >
      <Stack gap="sm">
        {mode === 'create' && (
          <SegmentedControl
            fullWidth
            data={[
              { value: 'upload', label: 'Upload a file' },
              { value: 'link', label: 'Link to a file' },
            ]}
            {...form.getInputProps('source')}
          />
        )}
        <TextInput label="Title" required placeholder="Partner One-Pager" {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          placeholder="What it is and when to use it"
          rows={3}
          {...form.getInputProps('description')}
        />
        <Select
          label="Type"
          required
          placeholder="Choose a type"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('type')}
        />
        {form.values.source === 'upload' && mode === 'create' ? (
          <FileInput
            label="File"
            required
            placeholder="PDF, PowerPoint, Word, image or MP4 (at most 25 MB)"
            accept={ACCEPTED_UPLOAD_TYPES}
            clearable
            leftSection={<IconUpload size={16} />}
            {...form.getInputProps('file')}
          />
        ) : form.values.source === 'link' ? (
          <TextInput
            label="File URL"
            required={mode === 'create'}
            placeholder="https://"
            leftSection={<IconLink size={16} />}
            description={
              mode === 'edit' && initial?.fileUrl === '' ? 'Giving a link replaces the uploaded file.' : undefined
            }
            {...form.getInputProps('fileUrl')}
          />
        ) : null}
        {uploadProgress != null && onCancelUpload ? (
          <Group gap="sm" wrap="nowrap" mt="xs" data-testid="upload-progress">
            <Stack gap={4} style={{ flex: 1 }}>
              <Text size="sm" aria-live="polite">
                {uploadProgress < 100 ? `Uploading… ${uploadProgress}%` : 'Processing the file…'}
              </Text>
              <Progress value={uploadProgress} aria-label="Upload progress" animated={uploadProgress >= 100} />
            </Stack>
            <Button variant="default" color="red" onClick={onCancelUpload}>
              Cancel upload
            </Button>
          </Group>
        ) : (
          <FormActions
            justify="flex-end"
            gap="sm"
            mt="xs"
            onCancel={onCancel}
            pending={submitOnce.pending}
            submitLabel={submitLabel}
          />
        )}
      </Stack>
    </form>
  );
}
