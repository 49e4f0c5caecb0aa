import {
  MATERIAL_UPLOAD_MESSAGES,
  MAX_UPLOAD_BYTES,
  materialTitleRequired,
  materialTypeRequired,
  materialUrlInvalid,
  type Material,
} from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AddMaterialDialog } from '../src/features/admin/materials/material-dialogs';
import { MaterialForm, type MaterialFormValues } from '../src/features/admin/materials/material-form';
import { formatBytes } from '../src/features/admin/materials/materials-table';
import { MaterialCard, downloadCountText, startDownload } from '../src/features/partner/marketing-materials';
import { atPhoneWidth, renderWithProviders } from './render';

const material: Material = {
  id: '6f1c2f1e-8d7a-4b7e-9a51-3d2c1b0a9f8e',
  title: 'Partner One-Pager',
  description: 'What we do, on one page',
  type: 'email_template',
  fileName: 'one-pager.pdf',
  isExternal: false,
  downloadCount: 1,
  isActive: true,
  createdAt: '2026-11-22T00:00:00.000Z',
  updatedAt: '2026-11-22T00:00:00.000Z',
};

describe('a material card', () => {
  it('shows title, description, type label and download count, and downloads on click', () => {
    const onDownload = vi.fn();
    renderWithProviders(<MaterialCard material={material} downloading={false} onDownload={onDownload} />);
    expect(screen.getByText('Partner One-Pager')).toBeTruthy();
    expect(screen.getByText('What we do, on one page')).toBeTruthy();
    expect(screen.getByText('Email Template')).toBeTruthy();
    expect(screen.getByTestId('download-count').textContent).toBe('1 download');
    fireEvent.click(screen.getByRole('button', { name: 'Download Partner One-Pager' }));
    expect(onDownload).toHaveBeenCalledOnce();
  });

  it('wraps a title between words, without hyphenating a word that fits the line', () => {
    renderWithProviders(<MaterialCard material={material} downloading={false} onDownload={() => {}} />);
    const title = screen.getByRole('heading', { name: material.title });
    expect(title.style.hyphens).toBe('manual');
    expect(title.style.overflowWrap).toBe('break-word');
  });

  it('counts in words', () => {
    expect(downloadCountText(0)).toBe('0 downloads');
    expect(downloadCountText(20)).toBe('20 downloads');
  });
});

describe('starting a download', () => {
  it('uses a temporary download link for the portal’s own files (no popup)', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const clicks: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    startDownload('/api/files/abc', 'one-pager.pdf');
    expect(open).not.toHaveBeenCalled();
    expect(clicks[0]?.getAttribute('download')).toBe('one-pager.pdf');
    expect(clicks[0]?.getAttribute('href')).toBe('/api/files/abc');
    expect(document.querySelector('a[href="/api/files/abc"]')).toBeNull();
    open.mockRestore();
    click.mockRestore();
  });

  it('opens external addresses in a new tab', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    startDownload('https://cdn.example.com/deck.pdf');
    expect(open).toHaveBeenCalledWith('https://cdn.example.com/deck.pdf', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });
});

/** The form of a new material ("Add Material"), with `props` given. */
const renderAddForm = (props: Omit<ComponentProps<typeof MaterialForm>, 'mode' | 'submitLabel'>) =>
  renderWithProviders(<MaterialForm mode="create" submitLabel="Add Material" {...props} />);

describe('the material form', () => {
  it('asks for a title, a type and a file before uploading', async () => {
    const onSubmit = vi.fn();
    renderAddForm({ onSubmit });
    fireEvent.click(screen.getByRole('button', { name: 'Add Material' }));
    expect(await screen.findByText(materialTitleRequired)).toBeTruthy();
    expect(screen.getByText(materialTypeRequired)).toBeTruthy();
    expect(screen.getByText(MATERIAL_UPLOAD_MESSAGES.fileRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a file over 25 MB before sending it', async () => {
    const onSubmit = vi.fn();
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    renderAddForm({ initial: { title: 'Deck', type: 'pdf', file: big }, onSubmit });
    fireEvent.click(screen.getByRole('button', { name: 'Add Material' }));
    expect(await screen.findByText(MATERIAL_UPLOAD_MESSAGES.fileTooLarge)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the address of a link and submits trimmed values', async () => {
    const onSubmit = vi.fn<(values: MaterialFormValues) => void>();
    renderAddForm({
      initial: { source: 'link', title: '  Deck ', type: 'presentation', fileUrl: 'deck.pdf' },
      onSubmit,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Material' }));
    expect(await screen.findByText(materialUrlInvalid)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/File URL/), { target: { value: 'https://cdn.example.com/deck.pdf' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Material' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      source: 'link',
      title: 'Deck',
      type: 'presentation',
      fileUrl: 'https://cdn.example.com/deck.pdf',
    });
  });

  it('lets an edit keep an uploaded file (no link needed)', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <MaterialForm
        mode="edit"
        submitLabel="Save Changes"
        initial={{ source: 'link', title: 'Logo', type: 'image', fileUrl: '' }}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  });

  it('formats file sizes', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('an upload in progress', () => {
  it('shows how much of the file is sent and can be cancelled', () => {
    const onCancelUpload = vi.fn();
    renderAddForm({ onSubmit: vi.fn(), uploadProgress: 42, onCancelUpload });
    expect(screen.getByText('Uploading… 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.queryByRole('button', { name: 'Add Material' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(onCancelUpload).toHaveBeenCalledTimes(1);
  });
});

describe('the Add Marketing Material dialog', () => {
  it('fills the screen at phone width, as the Edit dialog does', async () => {
    atPhoneWidth();
    renderWithProviders(<AddMaterialDialog opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Marketing Material' });
    await waitFor(() => expect(dialog.closest('[data-full-screen]')).not.toBeNull());
  });
});
