import { BELL_BADGE_MAX, MENU_BADGE_MAX } from './constants.ts';

/** Colour of a submission-count badge. */
export type SubmissionBadgeColor = 'green' | 'blue' | 'purple';
/** Colour of the individual-submission progress bar. */
export type ProgressColor = 'green' | 'yellow' | 'blue';

// Text of a count badge: hidden (null) at 0 or less, `${max}+` above max.
function countBadge(count: number, max: number): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  return count > max ? `${max}+` : String(Math.floor(count));
}

/** Text of the notification bell badge: '99+' above 99, null (hidden) when there is nothing unread. */
export function bellBadge(count: number): string | null {
  // spec part 1, section 9: bell 99+ above 99
  return countBadge(count, BELL_BADGE_MAX);
}

/** Text of the side-menu badge: '9+' above 9, null (hidden) when there is nothing unread. */
export function menuBadge(count: number): string | null {
  // spec part 1, section 9: menu 9+ above 9
  return countBadge(count, MENU_BADGE_MAX);
}

/** Badge colour of a submission count: 1 green, 2 blue, more purple; null while pending (0). */
export function submissionBadgeColor(submissionCount: number): SubmissionBadgeColor | null {
  // spec part 2, section 4: badge colour by count: 1 green, 2 blue, more purple
  if (!(submissionCount >= 1)) return null;
  if (submissionCount < 2) return 'green';
  if (submissionCount < 3) return 'blue';
  return 'purple';
}

/** Whether every member of a team has submitted ("Team Complete"); false for an empty team. */
export function isTeamComplete(submitted: number, members: number): boolean {
  // spec part 2, section 4: "Team Complete" shows when every member has submitted
  return members > 0 && submitted >= members;
}

/** Colour of the individual progress bar: green when complete, yellow at 50% or more, else blue. */
export function progressColor(submitted: number, members: number): ProgressColor {
  // spec part 2, section 4: green when complete, yellow at 50% or more, blue otherwise
  if (isTeamComplete(submitted, members)) return 'green';
  if (members > 0 && submitted / members >= 0.5) return 'yellow';
  return 'blue';
}
