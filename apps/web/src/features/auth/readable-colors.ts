import { useComputedColorScheme } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * Mantine's light-scheme defaults (dimmed gray.6, filled blue.6 under white text,
 * links in blue.6, errors in red.6) fall below
 * WCAG AA contrast; these screens use one or two shades darker. Nothing changes in the dark scheme.
 */
const READABLE_LIGHT = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-primary-color-filled': 'var(--mantine-color-blue-8)',
  '--mantine-primary-color-filled-hover': 'var(--mantine-color-blue-9)',
  '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
  '--mantine-color-error': 'var(--mantine-color-red-8)',
} as CSSProperties;

export function useReadableColors(): CSSProperties | undefined {
  return useComputedColorScheme('light') === 'light' ? READABLE_LIGHT : undefined;
}
