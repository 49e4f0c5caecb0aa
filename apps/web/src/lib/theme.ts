import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { THEME_KEY } from '@portal/contracts/plain';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

/** The theme choice persists in localStorage under `theme` ("light" or "dark"). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_KEY });
