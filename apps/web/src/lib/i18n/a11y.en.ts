/** English words of the accessibility helpers (the names of icon-only buttons app-wide). */
export const a11yEn = {
  // Not plain 'Close': a modal may have a Close button of its own in its footer.
  closeDialog: 'Close dialog',
  closeNotification: 'Dismiss notification',
  clear: 'Clear',
};
