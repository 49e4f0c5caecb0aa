import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';
import { THEME_KEY } from '@portal/contracts/plain';

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Every dialog's close button is named for screen readers, and every title has one weight and size, the
    // sign-in dialog's and the rest alike. A plain object, not Modal.extend(): importing Modal here would put
    // it in the first page load.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // Spec §6: tooltips open after 700 ms; within a Tooltip.Group the next one opens at once while
    // the last is still open, which it stays for 300 ms after the pointer leaves (the skip delay).
    Tooltip: { defaultProps: { openDelay: TOOLTIP_DELAY_MS } },
    TooltipGroup: { defaultProps: { openDelay: TOOLTIP_DELAY_MS, closeDelay: TOOLTIP_SKIP_DELAY_MS } },
    // A field's hint sits under it, with its error: fields side by side keep their inputs on one line whether
    // or not each has a hint.
    InputWrapper: { defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] } },
  },
});

/**
 * Until the user picks a theme with the toggle, the page follows the browser's preference
 * (prefers-color-scheme); the pick persists in localStorage under `theme` ("light" or "dark").
 */
export const DEFAULT_COLOR_SCHEME = 'auto' as const;

/** The theme choice persists in localStorage under `theme` ("light" or "dark"). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_KEY });

/**
 * Mantine's light-scheme defaults (dimmed gray.6, white on filled blue.6, links in blue.6, errors
 * in red.6) fall below WCAG AA contrast; every screen uses a shade or two darker instead (and a
 * lighter dimmed grey in the dark scheme).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-primary-color-filled': 'var(--mantine-color-blue-8)',
    '--mantine-primary-color-filled-hover': 'var(--mantine-color-blue-9)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // The light variant (the active sidebar link, light badges and buttons) writes blue.9 on blue.1,
    // and on blue.2 under the pointer: 4.0:1, below AA. One shade lighter each passes (5.9 and 5.1).
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
    // Orange light badges (Conflict, Client already introduced) write orange.6 on a 10 % orange tint: 2.6:1. Mantine's
    // darkest orange (orange.9) still gives 4.0:1; this burnt orange gives 5.8:1 on the tint and keeps the hue.
    '--mantine-color-orange-light-color': '#a63c06',
  },
  dark: {
    // dark.2 on the dark.6 cards misses AA for small print; dark.1 passes.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Mantine's red.8 error text on the dark cards is about 3:1; red.4 passes AA.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // The subtle and light red (Mark failed, Void, light red badges) would be red.0, read as white: a
    // destructive action must look red. red.4 keeps AA on the dark cards and rows.
    '--mantine-color-red-light-color': 'var(--mantine-color-red-4)',
  },
});
