// The theme follows the browser's preference (prefers-color-scheme) until the user picks one.

import { MantineProvider } from '@mantine/core';
import { THEME_KEY } from '@portal/contracts/plain';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from '../src/layout/theme-toggle';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME, theme } from '../src/lib/theme';
import { matchMediaWhere } from './render';

function preferDark(dark: boolean) {
  matchMediaWhere((query) => dark && query.includes('prefers-color-scheme: dark'));
}

function renderToggle() {
  return render(
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme={DEFAULT_COLOR_SCHEME}>
      <ThemeToggle />
    </MantineProvider>,
  );
}

afterEach(() => localStorage.clear());

describe('the theme', () => {
  it('is dark for a browser that prefers dark, while the user has picked none', () => {
    preferDark(true);
    renderToggle();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
  });

  it('is light for a browser that prefers light', () => {
    preferDark(false);
    renderToggle();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });

  it("keeps the user's pick over the browser's preference", () => {
    preferDark(true);
    renderToggle();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });
});
