import type { notificationsEn } from './notifications.en';

/** Korean strings of the Notifications area (merged into `ko` under `notifications`). */
export const notificationsKo: typeof notificationsEn = {
  title: '알림',
};
