import { createTheme } from '@mantine/core';

// System fonts only: the CSP allows no external font hosts. Korean system fonts are listed so
// Hangul renders consistently across platforms.
const fontFamily =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans KR", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  cursorType: 'pointer',
  // Keyboard users get a visible ring; mouse clicks do not.
  focusRing: 'auto',
});
