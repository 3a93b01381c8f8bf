import type { balanceEn } from './balance.en';

/** Korean strings of the Balance area (merged into `ko` under `balance`). */
export const balanceKo: typeof balanceEn = {
  title: '균형',
};
