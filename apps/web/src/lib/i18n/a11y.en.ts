/** English words of the accessibility helpers (the names of icon-only buttons app-wide). */
export const a11yEn = {
  close: 'Close',
  clear: 'Clear',
};
