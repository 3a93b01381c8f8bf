import type { a11yEn } from './a11y.en';

/** Korean words of the accessibility helpers. */
export const a11yKo: typeof a11yEn = {
  closeDialog: '대화 상자 닫기',
  closeNotification: '알림 닫기',
  clear: '지우기',
};
