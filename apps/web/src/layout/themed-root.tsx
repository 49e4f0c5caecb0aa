// The outermost part of every page's tree, the SPA's and the public pages' alike: strict mode and
// Mantine with the portal's theme and its stored light or dark choice.

import { MantineProvider } from '@mantine/core';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { colorSchemeManager, cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from '../lib/theme';

export function ThemedRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
      >
        {children}
      </MantineProvider>
    </StrictMode>
  );
}

/** Tells tools the page answers clicks (a server-rendered page is hydrated by then), once mounted. */
export function useMarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
}
