/** English strings of the Assignments area (merged into `en` under `assignments`). */
export const assignmentsEn = {
  title: 'Assignments',
};
