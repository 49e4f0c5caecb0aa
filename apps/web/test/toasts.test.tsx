// The toast region (spec §6): one toast at a time, for 5000 ms, in a labelled region F8 focuses.

import { MantineProvider, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveNotifications, TOAST_REGION_LABEL } from '../src/layout/responsive-notifications';
import { notifyError, notifySuccess } from '../src/lib/notify';
import { MESSAGES } from '@portal/contracts/plain';
import { theme, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../src/lib/theme';

function renderRegion() {
  return render(
    <MantineProvider theme={theme}>
      <TextInput label="Somewhere else" />
      <ResponsiveNotifications />
    </MantineProvider>,
  );
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('are announced in a region named for its hotkey, which F8 focuses even from a text field', () => {
    renderRegion();
    const region = screen.getByRole('region', { name: TOAST_REGION_LABEL });
    expect(TOAST_REGION_LABEL).toBe('Notifications (F8)');
    const input = screen.getByLabelText('Somewhere else');
    input.focus();
    fireEvent.keyDown(input, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(region);
  });

  it('shows at most one at a time and closes each after 5000 ms', () => {
    vi.useFakeTimers();
    renderRegion();
    act(() => {
      notifications.show({ title: 'First toast', message: '' });
      notifications.show({ title: 'Second toast', message: '' });
    });
    expect(screen.getByText('First toast')).toBeTruthy();
    expect(screen.queryByText('Second toast')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText('First toast')).toBeTruthy();
    // 5000 ms, then Mantine's exit transition; the queued toast takes its place.
    act(() => {
      vi.advanceTimersByTime(1);
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('First toast')).toBeNull();
    expect(screen.getByText('Second toast')).toBeTruthy();
  });

  it('replaces the toast on screen with a newer one at once: a success after a failure is shown, not queued', () => {
    vi.useFakeTimers();
    renderRegion();
    act(() => notifyError(MESSAGES.partnerCreationFailed, MESSAGES.emailTaken));
    expect(screen.getByText(MESSAGES.partnerCreationFailed)).toBeTruthy();
    act(() => notifySuccess(MESSAGES.partnerCreated, 'Nimbus Pet Supply has been created and activated.'));
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByText(MESSAGES.partnerCreationFailed)).toBeNull();
    expect(screen.getByText(MESSAGES.partnerCreated)).toBeTruthy();
  });

  it('tooltips open after 700 ms, with a 300 ms skip delay between neighbours, from the theme', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300]);
    expect(theme.components?.Tooltip?.defaultProps).toMatchObject({ openDelay: 700 });
    expect(theme.components?.TooltipGroup?.defaultProps).toMatchObject({ openDelay: 700, closeDelay: 300 });
  });
});
