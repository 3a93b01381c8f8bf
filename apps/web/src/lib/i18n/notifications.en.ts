/** English strings of the Notifications area (merged into `en` under `notifications`). */
export const notificationsEn = {
  title: 'Notifications',
};
