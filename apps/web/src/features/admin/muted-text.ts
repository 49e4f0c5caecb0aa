// Secondary text for the admin screens: Mantine's "dimmed" gray is 3.3:1 on white, below WCAG AA;
// this is the next shade in light mode and the same role in dark mode.
export const MUTED_TEXT = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';
