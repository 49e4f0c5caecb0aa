import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../src/layout/confirm-dialog';
import { renderWithProviders } from './render';

function renderConfirm(pending: boolean) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  renderWithProviders(
    <ConfirmDialog
      opened
      onClose={onClose}
      title="Revoke API key"
      confirmLabel="Revoke key"
      pending={pending}
      onConfirm={onConfirm}
    >
      <p>Tools using it are refused at once.</p>
    </ConfirmDialog>,
  );
  return { dialog: within(screen.getByRole('dialog', { name: 'Revoke API key' })), onClose, onConfirm };
}

describe('the confirm dialog of actions that cannot be undone', () => {
  it('says what happens, confirms with its button and cancels with Cancel', () => {
    const { dialog, onClose, onConfirm } = renderConfirm(false);
    expect(dialog.getByText('Tools using it are refused at once.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke key' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('paints its confirming button a red dark enough for its white words to keep AA contrast', () => {
    const { dialog } = renderConfirm(false);
    expect(dialog.getByRole('button', { name: 'Revoke key' }).style.getPropertyValue('--button-bg')).toBe(
      'var(--mantine-color-red-9)',
    );
  });

  it('cannot be cancelled while the action runs', () => {
    const { dialog, onClose } = renderConfirm(true);
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    fireEvent.keyDown(dialog.getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
