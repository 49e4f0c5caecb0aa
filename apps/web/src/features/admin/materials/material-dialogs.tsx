// The add and edit dialogs of the materials section: each saves through the API, says so in a
// toast and refreshes the admin library and the partners' list.

import { useRef, useState } from 'react';
import type { AdminMaterial, MaterialType } from '@portal/contracts';
import { afterMaterialChange } from '../../../lib/invalidate';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { postFormWithProgress, UploadCancelled, type UploadOptions } from '../../../lib/rest';
import { trpc } from '../../../lib/trpc';
import { MaterialForm, type MaterialFormValues } from './material-form';
import { FreshDialog, FreshItemDialog } from '../../../layout/fresh-dialog';

/** Sends a file to the multipart route with the session's bearer token, reporting progress; answers the new material. */
export async function uploadMaterial(values: MaterialFormValues, options: UploadOptions): Promise<AdminMaterial> {
  const body = new FormData();
  body.append('title', values.title);
  body.append('description', values.description);
  body.append('type', values.type);
  if (values.file) body.append('file', values.file, values.file.name);
  return postFormWithProgress<AdminMaterial>(
    '/api/admin/marketing-materials',
    body,
    options,
    'The upload failed. Please try again.',
  );
}

export function AddMaterialDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const createLink = trpc.admin.createMaterial.useMutation();
  // Percent of the file sent while an upload runs, else null; the controller cancels it.
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);

  const cancelUpload = () => upload.current?.abort();
  const close = () => {
    cancelUpload();
    onClose();
  };

  async function add(values: MaterialFormValues) {
    try {
      let created: AdminMaterial;
      if (values.source === 'upload') {
        const controller = new AbortController();
        upload.current = controller;
        setProgress(0);
        created = await uploadMaterial(values, {
          signal: controller.signal,
          onProgress: (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
        });
      } else
        created = await createLink.mutateAsync({
          title: values.title,
          description: values.description,
          type: values.type as MaterialType,
          fileUrl: values.fileUrl,
        });
      notifySuccess('Material added', created.title);
      onClose();
      await afterMaterialChange(utils);
    } catch (error) {
      if (error instanceof UploadCancelled) notifySuccess('Upload cancelled', 'Nothing was added.');
      else notifyFailure('Could not add the material', error, 'Please try again.');
    } finally {
      upload.current = null;
      setProgress(null);
    }
  }

  return (
    <FreshDialog opened={opened} onClose={close} title="Add Marketing Material" size="lg">
      <MaterialForm
        mode="create"
        submitLabel="Add Material"
        onSubmit={add}
        onCancel={close}
        uploadProgress={progress}
        onCancelUpload={cancelUpload}
      />
    </FreshDialog>
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
      notifyFailure('Update failed', error, 'The material could not be updated.');
    }
  }

  return (
    <FreshItemDialog item={material} onClose={onClose} title="Edit Marketing Material" size="lg">
      {(shown) => (
        <MaterialForm
          mode="edit"
          submitLabel="Save Changes"
          initial={{
            source: 'link',
            title: shown.title,
            description: shown.description ?? '',
            type: shown.type,
            fileUrl: shown.fileUrl ?? '',
          }}
          onSubmit={save}
          onCancel={onClose}
        />
      )}
    </FreshItemDialog>
  );
}
