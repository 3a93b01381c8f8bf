import type { assignmentsEn } from './assignments.en';

/** Korean strings of the Assignments area (merged into `ko` under `assignments`). */
export const assignmentsKo: typeof assignmentsEn = {
  title: '과제',
};
