// Website fields (item 4): a bare domain is accepted and stored with https:// in front,
// and every form's website field says so under its label.

import { createPartnerInput, partnerApplicationInput, WEBSITE_DESCRIPTION } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CreatePartnerForm, toCreatePartnerPayload } from '../src/features/admin/partners/create-partner-dialog';
import { RegistrationForm } from '../src/features/onboarding/registration-form';
import { renderWithProviders } from './render';

/** The text an input's aria-describedby points at (Mantine links the description that way). */
function descriptionOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
const websiteInput = () =>
  screen.getAllByLabelText(/^Website/).find((element) => element.tagName === 'INPUT') as HTMLInputElement;

describe('website fields', () => {
  it('say under the label that https:// is added', () => {
    expect(WEBSITE_DESCRIPTION).toBe('Optional; https:// is added if you leave it out');
    renderWithProviders(<RegistrationForm onSubmit={vi.fn()} />);
    expect(descriptionOf(websiteInput())).toContain(WEBSITE_DESCRIPTION);
  });

  it('in the Create Partner form too, which sends a bare domain that is stored as https://', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<CreatePartnerForm onSubmit={onSubmit} onCancel={vi.fn()} submitting={false} />);
    expect(descriptionOf(websiteInput())).toContain(WEBSITE_DESCRIPTION);
    // One change event per field (typing key by key is slow and adds nothing here).
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'pat@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: '12345678' } });
    fireEvent.change(screen.getByLabelText(/^Company Name/), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText(/^Contact Name/), { target: { value: 'Pat' } });
    fireEvent.change(websiteInput(), { target: { value: 'acme.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Partner' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const payload = toCreatePartnerPayload(onSubmit.mock.calls[0]?.[0]);
    expect(createPartnerInput.parse(payload).website).toBe('https://acme.com');
  });

  it('the shared rule keeps an explicit scheme and refuses what is no address', () => {
    const base = { website: 'http://acme.com' };
    expect(partnerApplicationInput.shape.website.parse(base.website)).toBe('http://acme.com');
    expect(partnerApplicationInput.shape.website.safeParse('acme').success).toBe(false);
  });
});
