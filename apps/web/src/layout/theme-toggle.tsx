import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  // The server renders `/` and `/r/{code}` without knowing the stored theme: the first render in the
  // browser (hydration) must be the light one too, the stored scheme applies from the first effect on.
  // The icon follows the page's data-mantine-color-scheme (set before the first paint) through CSS.
  const mounted = useMounted();
  const scheme = mounted ? computed : 'light';
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    // A native title, not a Tooltip: the toggle is on the landing page, which should not load floating-ui.
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(next)}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
    >
      <IconSun size={18} className="mantine-light-hidden" />
      <IconMoon size={18} className="mantine-dark-hidden" />
    </ActionIcon>
  );
}
