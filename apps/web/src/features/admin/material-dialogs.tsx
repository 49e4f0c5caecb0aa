// The add and edit dialogs of the materials section: each saves through the API, says so in a
// toast and refreshes the admin library and the partners' list.

import { Modal } from '@mantine/core';
import type { AdminMaterial, MaterialType } from '@portal/contracts';
import { errorMessage } from '../../lib/errors';
import { afterMaterialChange } from '../../lib/invalidate';
import { notifyError, notifySuccess } from '../../lib/notify';
import { postForm } from '../../lib/rest';
import { trpc } from '../../lib/trpc';
import { MaterialForm, type MaterialFormValues } from './material-form';

/** Sends a file to the multipart route with the session's bearer token; answers the new material. */
export async function uploadMaterial(values: MaterialFormValues): Promise<AdminMaterial> {
  const body = new FormData();
  body.append('title', values.title);
  body.append('description', values.description);
  body.append('type', values.type);
  if (values.file) body.append('file', values.file, values.file.name);
  return postForm<AdminMaterial>('/api/admin/marketing-materials', body, 'The upload failed. Please try again.');
}

export function AddMaterialDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const createLink = trpc.admin.createMaterial.useMutation();

  async function add(values: MaterialFormValues) {
    try {
      const created =
        values.source === 'upload'
          ? await uploadMaterial(values)
          : await createLink.mutateAsync({ title: values.title, description: values.description, type: values.type as MaterialType, fileUrl: values.fileUrl });
      notifySuccess('Material added', created.title);
      onClose();
      await afterMaterialChange(utils);
    } catch (error) {
      notifyError('Could not add the material', errorMessage(error, error instanceof Error ? error.message : 'Please try again.'));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Add Marketing Material" size="lg">
      <MaterialForm mode="create" submitLabel="Add Material" onSubmit={add} onCancel={onClose} />
    </Modal>
  );
}

export function EditMaterialDialog({ material, onClose }: { material: AdminMaterial | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.updateMaterial.useMutation();

  async function save(values: MaterialFormValues) {
    if (!material) return;
    try {
      const updated = await update.mutateAsync({
        id: material.id,
        title: values.title,
        description: values.description,
        type: values.type as MaterialType,
        ...(values.fileUrl && values.fileUrl !== material.fileUrl ? { fileUrl: values.fileUrl } : {}),
      });
      notifySuccess('Material updated', updated.title);
      onClose();
      await afterMaterialChange(utils);
    } catch (error) {
      notifyError('Update failed', errorMessage(error, 'The material could not be updated.'));
    }
  }

  return (
    <Modal opened={material !== null} onClose={onClose} title="Edit Marketing Material" size="lg">
      {material && (
        <MaterialForm
          mode="edit"
          submitLabel="Save Changes"
          initial={{
            source: 'link',
            title: material.title,
            description: material.description ?? '',
            type: material.type,
            fileUrl: material.fileUrl ?? '',
          }}
          onSubmit={save}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
