// The admin's 'Marketing Materials' section: the library with download counts and state, adding a
// material (an uploaded file or a link), editing, activating and deactivating.

import { Badge, Button, Card, FileInput, Group, Modal, SegmentedControl, Select, Stack, Switch, Table, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MATERIAL_TYPES,
  MATERIAL_TYPE_LABELS,
  MATERIAL_UPLOAD_MESSAGES,
  MAX_UPLOAD_BYTES,
  formatDate,
  materialTitleRequired,
  materialTypeRequired,
  materialUrlInvalid,
  type AdminMaterial,
  type MaterialType,
} from '@portal/contracts';
import { IconLink, IconPencil, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { afterMaterialChange } from '../../lib/invalidate';
import { postForm } from '../../lib/rest';
import { trpc } from '../../lib/trpc';

const TYPE_OPTIONS = MATERIAL_TYPES.map((value) => ({ value, label: MATERIAL_TYPE_LABELS[value] }));
const ACCEPTED_FILES = '.pdf,.png,.jpg,.jpeg,.gif,.pptx,.docx,.mp4,application/pdf,image/png,image/jpeg,image/gif,video/mp4';

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

export const formatBytes = (bytes: number | null) => {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
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
}: {
  mode: 'create' | 'edit';
  initial?: Partial<MaterialFormValues>;
  submitLabel: string;
  onSubmit: (values: MaterialFormValues) => Promise<void> | void;
  onCancel?: () => void;
}) {
  const [submitting, setSubmitting] = useState(false);
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
      onSubmit={form.onSubmit(async (values) => {
        setSubmitting(true);
        try {
          await onSubmit({ ...values, title: values.title.trim(), fileUrl: values.fileUrl.trim() });
        } finally {
          setSubmitting(false);
        }
      })}
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
        <Textarea label="Description" placeholder="What it is and when to use it" rows={3} {...form.getInputProps('description')} />
        <Select label="Type" required placeholder="Choose a type" data={TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps('type')} />
        {form.values.source === 'upload' && mode === 'create' ? (
          <FileInput
            label="File"
            required
            placeholder="PDF, PowerPoint, Word, image or MP4 (at most 25 MB)"
            accept={ACCEPTED_FILES}
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
            description={mode === 'edit' && initial?.fileUrl === '' ? 'Giving a link replaces the uploaded file.' : undefined}
            {...form.getInputProps('fileUrl')}
          />
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Sends a file to the multipart route with the session's bearer token; answers the new material. */
export async function uploadMaterial(values: MaterialFormValues): Promise<AdminMaterial> {
  const body = new FormData();
  body.append('title', values.title);
  body.append('description', values.description);
  body.append('type', values.type);
  if (values.file) body.append('file', values.file, values.file.name);
  return postForm<AdminMaterial>('/api/admin/marketing-materials', body, 'The upload failed. Please try again.');
}

/** Activating and deactivating, shared by the table row and the phone card. */
function useActiveToggle() {
  const utils = trpc.useUtils();
  return trpc.admin.updateMaterial.useMutation({
    onSuccess: (updated) => {
      utils.admin.materials.setData(undefined, (list) => list?.map((m) => (m.id === updated.id ? updated : m)));
      void afterMaterialChange(utils);
      notifySuccess(updated.isActive ? 'Material activated' : 'Material deactivated', updated.title);
    },
    onError: (error) => notifyError('Update failed', errorMessage(error, 'The material could not be updated.')),
  });
}

function ActiveSwitch({ material }: { material: AdminMaterial }) {
  const update = useActiveToggle();
  return (
    <Switch
      checked={material.isActive}
      disabled={update.isPending}
      label={material.isActive ? 'Active' : 'Inactive'}
      aria-label={`${material.isActive ? 'Deactivate' : 'Activate'} ${material.title}`}
      onChange={(event) => update.mutate({ id: material.id, isActive: event.currentTarget.checked })}
    />
  );
}

function MaterialSource({ material }: { material: AdminMaterial }) {
  return (
    <Text size="xs" c="dimmed" truncate="end" maw={260}>
      {material.isExternal ? `Link: ${material.fileUrl ?? ''}` : `${material.fileName ?? ''} · ${formatBytes(material.sizeBytes)}`}
    </Text>
  );
}

/** A phone-sized card of one material (the table needs more width than a phone has). */
function MaterialItem({ material, onEdit }: { material: AdminMaterial; onEdit: () => void }) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid="material-item">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {material.title}
            </Text>
            <MaterialSource material={material} />
          </div>
          <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
            {MATERIAL_TYPE_LABELS[material.type]}
          </Badge>
        </Group>
        <Text size="sm">
          {material.downloadCount} {material.downloadCount === 1 ? 'download' : 'downloads'} · updated {formatDate(material.updatedAt)}
        </Text>
        <Group justify="space-between">
          <ActiveSwitch material={material} />
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit} aria-label={`Edit ${material.title}`}>
            Edit
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function MaterialRow({ material, onEdit }: { material: AdminMaterial; onEdit: () => void }) {
  return (
    <Table.Tr data-testid="material-row">
      <Table.Td>
        <Text fw={600} size="sm">
          {material.title}
        </Text>
        <MaterialSource material={material} />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" radius="sm">
          {MATERIAL_TYPE_LABELS[material.type]}
        </Badge>
      </Table.Td>
      <Table.Td ta="right" data-testid="admin-download-count">
        {material.downloadCount}
      </Table.Td>
      <Table.Td>
        <ActiveSwitch material={material} />
      </Table.Td>
      <Table.Td>{formatDate(material.updatedAt)}</Table.Td>
      <Table.Td>
        <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit} aria-label={`Edit ${material.title}`}>
          Edit
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export function MaterialsManager() {
  const materials = trpc.admin.materials.useQuery();
  const utils = trpc.useUtils();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminMaterial | null>(null);
  const createLink = trpc.admin.createMaterial.useMutation();
  const update = trpc.admin.updateMaterial.useMutation();

  const refresh = () => afterMaterialChange(utils);

  async function add(values: MaterialFormValues) {
    try {
      const created =
        values.source === 'upload'
          ? await uploadMaterial(values)
          : await createLink.mutateAsync({ title: values.title, description: values.description, type: values.type as MaterialType, fileUrl: values.fileUrl });
      notifySuccess('Material added', created.title);
      setAdding(false);
      await refresh();
    } catch (error) {
      notifyError('Could not add the material', errorMessage(error, error instanceof Error ? error.message : 'Please try again.'));
    }
  }

  async function save(values: MaterialFormValues) {
    if (!editing) return;
    try {
      const updated = await update.mutateAsync({
        id: editing.id,
        title: values.title,
        description: values.description,
        type: values.type as MaterialType,
        ...(values.fileUrl && values.fileUrl !== editing.fileUrl ? { fileUrl: values.fileUrl } : {}),
      });
      notifySuccess('Material updated', updated.title);
      setEditing(null);
      await refresh();
    } catch (error) {
      notifyError('Update failed', errorMessage(error, 'The material could not be updated.'));
    }
  }

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="materials-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h3" id="materials-heading">
              Marketing Materials
            </Title>
            <Text size="sm" c="dimmed">
              Files and links partners download from their dashboard.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Material
          </Button>
        </Group>

        {materials.isPending ? (
          <Text c="dimmed">Loading materials...</Text>
        ) : materials.isError ? (
          <Text c="red">{errorMessage(materials.error, 'Unable to load marketing materials.')}</Text>
        ) : materials.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No marketing materials yet. Add the first one for your partners.
          </Text>
        ) : (
          <>
          <Stack gap="sm" hiddenFrom="md">
            {materials.data.map((material) => (
              <MaterialItem key={material.id} material={material} onEdit={() => setEditing(material)} />
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={760} visibleFrom="md">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Material</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Downloads</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {materials.data.map((material) => (
                  <MaterialRow key={material.id} material={material} onEdit={() => setEditing(material)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          </>
        )}
      </Stack>

      <Modal opened={adding} onClose={() => setAdding(false)} title="Add Marketing Material" size="lg">
        <MaterialForm mode="create" submitLabel="Add Material" onSubmit={add} onCancel={() => setAdding(false)} />
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit Marketing Material" size="lg">
        {editing && (
          <MaterialForm
            mode="edit"
            submitLabel="Save Changes"
            initial={{
              source: 'link',
              title: editing.title,
              description: editing.description ?? '',
              type: editing.type,
              fileUrl: editing.fileUrl ?? '',
            }}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Card>
  );
}
