/** English strings of the Dashboard area (merged into `en` under `dashboard`). */
export const dashboardEn = {
  title: 'Dashboard',
};
