/** English strings of the Balance area (merged into `en` under `balance`). */
export const balanceEn = {
  title: 'Balance',
};
