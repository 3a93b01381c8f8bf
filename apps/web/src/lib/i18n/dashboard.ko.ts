import type { dashboardEn } from './dashboard.en';

/** Korean strings of the Dashboard area (merged into `ko` under `dashboard`). */
export const dashboardKo: typeof dashboardEn = {
  title: '대시보드',
};
