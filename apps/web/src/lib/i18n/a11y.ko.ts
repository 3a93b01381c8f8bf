import type { a11yEn } from './a11y.en';

/** Korean words of the accessibility helpers. */
export const a11yKo: typeof a11yEn = {
  close: '닫기',
  clear: '지우기',
};
