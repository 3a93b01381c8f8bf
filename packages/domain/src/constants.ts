// Every figure of the product spec's "Business constants and limits" tables (part 1 section 9,
// part 2 section 9), plus the few figures of other sections that later features need.
// Names say the unit: *_MS milliseconds, *_BYTES bytes, *_MB megabytes, *_SECONDS seconds.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

// ---------------------------------------------------------------------------------------------
// Part 1: team formation
// ---------------------------------------------------------------------------------------------

/** Fewest teams a shuffle can make. */
export const TEAM_COUNT_MIN = 2; // spec part 1, section 9: number of teams 2 to 10
/** Most teams a shuffle can make. */
export const TEAM_COUNT_MAX = 10;
/** Number of teams used when the input is not a number. */
export const TEAM_COUNT_DEFAULT = 4; // spec part 1, section 5: falls back to 4 if not a number
/** Default group size of a workspace. */
export const GROUP_SIZE_DEFAULT = 4; // spec part 1 section 9 and part 2 section 9
/** Allowed drift from the target team size when rebalancing (only without pairs/locked teams). */
export const REBALANCE_TOLERANCE = 1; // spec part 1, section 9: tolerance one around the target
/** Number of progress steps of the shuffle animation. */
export const SHUFFLE_STEPS = 15; // spec part 1, section 9: 15 steps, 400 ms each
/** Duration of one shuffle progress step. */
export const SHUFFLE_STEP_MS = 400;
/** Lowest team number a user can type on the list page. */
export const TEAM_NUMBER_MIN = 1; // spec part 1, section 5: team number is at least 1
/** Team name shown when a team summary has none. */
export const DEFAULT_TEAM_NAME = 'Untitled Team'; // spec part 1, section 3

/** How long a toast stays on screen by default. */
export const TOAST_DURATION_MS = 2500; // spec part 1, section 9: 2.5 s

/** Interval of the unread-notification count poll. */
export const NOTIFICATION_POLL_MS = 30 * SECOND_MS; // spec part 1, section 9: every 30 s
/** Notifications per page on the notifications list. */
export const NOTIFICATION_PAGE_SIZE = 10; // spec part 1, section 9: 10 (dashboard 5)
/** Notifications shown on the dashboard. */
export const DASHBOARD_NOTIFICATION_PAGE_SIZE = 5;
/** Window in which a same-user, same-type, same-title notification is suppressed. */
export const DUPLICATE_NOTIFICATION_WINDOW_MS = 5 * MINUTE_MS; // spec part 1, section 9: 300000 ms

/** The known notification types; any other type is shown as generic. */
export const NOTIFICATION_TYPES = [
  // spec part 1, section 3: notification types
  'assignment_created',
  'assignment_submitted',
  'assignment_deadline_reminder',
  'team_member_joined',
  'workspace_invited',
  'storage_warning',
  'system_announcement',
  // issue 24, joining: a student asked to join (owner); their request was answered (student).
  'workspace_join_requested',
  'workspace_join_approved',
  'workspace_join_rejected',
  // issue 25, grading: work of the student's (their team's, or their own) was graded.
  'submission_graded',
  // issue 25, peer evaluation: a reminder to answer; the owner released the results.
  'peer_evaluation_reminder',
  'peer_evaluation_released',
] as const;
/** One of the known notification types. */
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Below this age a time is shown as 'Just now'. */
export const RELATIVE_JUST_NOW_UNDER_MS = MINUTE_MS; // spec part 1, section 9: relative times
/** Below this many minutes a time is shown in minutes. */
export const RELATIVE_MINUTES_UNDER = 60;
/** Below this many hours a time is shown in hours. */
export const RELATIVE_HOURS_UNDER = 24;
/** Below this many days a time is shown in days; from then on as a date. */
export const RELATIVE_DAYS_UNDER = 7;

/** How long the cached team list of a user stays valid. */
export const USER_TEAM_CACHE_MS = 5 * MINUTE_MS; // spec part 1, section 9: 5 minutes

/** Storage quota of one user in bytes (100 MB). */
export const STORAGE_QUOTA_BYTES = 104_857_600; // spec part 1, section 9
/** Bytes per step between size units. */
export const BYTES_PER_UNIT_STEP = 1024; // spec part 1 section 9 and part 2 section 9
/** Units of the profile storage display (part 1). */
export const STORAGE_DISPLAY_UNITS = ['B', 'KB', 'MB', 'GB'] as const; // spec part 1, section 9
/** Decimals of the profile storage display (part 1). */
export const STORAGE_DISPLAY_DECIMALS = 1;
/** Units of file sizes on the workspace page (part 2). */
export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const; // spec part 2, section 9
/** Decimals of file sizes on the workspace page (part 2). */
export const FILE_SIZE_DECIMALS = 2;
/** Highest usage percentage ever shown. */
export const USAGE_PERCENT_MAX = 100; // spec part 1, section 9: capped at 100
/** Usage strictly above this percentage turns the bar yellow. */
export const STORAGE_YELLOW_ABOVE_PERCENT = 60; // spec part 1, section 9: yellow above 60 percent
/** Usage strictly above this percentage turns the bar red and shows the warning. */
export const STORAGE_RED_ABOVE_PERCENT = 80; // spec part 1, section 9: red above 80 percent
/** Warning shown under the storage bar when usage is high. */
export const STORAGE_HIGH_WARNING = 'Storage usage is high'; // spec part 1, section 9

/** The bell badge shows '99+' above this count. */
export const BELL_BADGE_MAX = 99; // spec part 1, section 9: bell 99+ above 99
/** The side-menu badge shows '9+' above this count. */
export const MENU_BADGE_MAX = 9; // spec part 1, section 9: menu 9+ above 9

/** After this long the auth loading spinner is abandoned. */
export const AUTH_LOADING_TIMEOUT_MS = 5 * SECOND_MS; // spec part 1, section 9: 5 s
/** Local-storage key of the dark-mode preference. */
export const DARK_MODE_STORAGE_KEY = 'darkMode'; // spec part 1, section 9
/** Dark mode when nothing is stored. */
export const DARK_MODE_DEFAULT = false;
/** Local-storage key prefix of a saved team order (followed by an identifier; value is JSON). */
export const TEAM_ORDER_STORAGE_PREFIX = 'teamOrder_'; // spec part 1, section 3

/** Identity token is refreshed this long before it expires. */
export const TOKEN_REFRESH_BEFORE_EXPIRY_MS = 5 * MINUTE_MS; // spec part 1, section 9
/** First retry delay after a failed token refresh (doubles each time). */
export const TOKEN_REFRESH_RETRY_MS = 30 * SECOND_MS;
/** Largest retry delay after failed token refreshes. */
export const TOKEN_REFRESH_RETRY_MAX_MS = 16 * MINUTE_MS;
/** Maximum identity token age in seconds. */
export const TOKEN_MAX_AGE_SECONDS = 300;

/** Time-out for loading a lazily loaded code chunk. */
export const CHUNK_LOAD_TIMEOUT_MS = 120 * SECOND_MS; // spec part 1, section 9: 120 s
/** Retry budget of a storage operation. */
export const STORAGE_OPERATION_RETRY_MS = 120_000; // spec part 1, section 9
/** Retry budget of an upload. */
export const STORAGE_UPLOAD_RETRY_MS = 600_000; // spec part 1, section 9

/** Default minimum password length of the identity policy. */
export const PASSWORD_MIN_LENGTH_DEFAULT = 6; // spec part 1, section 5
/** Word the user must type exactly to delete the account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE'; // spec part 1, section 5

/** Paths over which the e-mail verification gate is shown (prefixes). */
export const EMAIL_VERIFICATION_GATED_PATHS = [
  // spec part 1, section 2
  '/app',
  '/workspaces',
  '/workspace',
  '/notifications',
] as const;

/** A user's role on the team list (part 1). */
export const TEAM_ROLES = ['creator', 'leader', 'member'] as const; // spec part 1, section 6
/** A user's role in a team. */
export type TeamRole = (typeof TEAM_ROLES)[number];
/** Access a user resolves to on the workspace page (part 2), excluding 'denied'. */
export const WORKSPACE_ACCESS_ROLES = ['owner', 'leader', 'member', 'viewer'] as const; // spec part 2, section 4
/** A resolved workspace access role. */
export type WorkspaceAccessRole = (typeof WORKSPACE_ACCESS_ROLES)[number];

// ---------------------------------------------------------------------------------------------
// Part 2: course workspace
// ---------------------------------------------------------------------------------------------

/** Default maximum upload size in MB for tasks and assignments. */
export const MAX_FILE_SIZE_MB_DEFAULT = 5; // spec part 2, section 9: default 5 MB, range 1 to 100
/** Smallest maximum upload size in MB. */
export const MAX_FILE_SIZE_MB_MIN = 1;
/** Largest maximum upload size in MB. */
export const MAX_FILE_SIZE_MB_MAX = 100;
/** Bytes in one MB as used by the size limits. */
export const BYTES_PER_MB = BYTES_PER_UNIT_STEP * BYTES_PER_UNIT_STEP;

/** File types a lecture-note task may allow. */
export const TASK_ALLOWED_TYPES = [
  // spec part 2, section 5: allowed types chosen from ...
  'pdf',
  'doc',
  'docx',
  'txt',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'ppt',
  'pptx',
] as const;
/** A file type a task may allow. */
export type TaskFileType = (typeof TASK_ALLOWED_TYPES)[number];
/** File types a new task allows by default. */
export const TASK_DEFAULT_ALLOWED_TYPES = [
  // spec part 2, section 9: default allowed types for tasks
  'pdf',
  'doc',
  'docx',
  'jpg',
  'jpeg',
  'png',
] as const satisfies readonly TaskFileType[];

/** File types an assignment may allow. */
export const ASSIGNMENT_ALLOWED_TYPES = [
  // spec part 2, section 5: allowed types from ...
  'pdf',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'txt',
  'jpg',
  'jpeg',
  'png',
  'zip',
] as const;
/** A file type an assignment may allow. */
export type AssignmentFileType = (typeof ASSIGNMENT_ALLOWED_TYPES)[number];
/** File types a new assignment allows by default. */
export const ASSIGNMENT_DEFAULT_ALLOWED_TYPES = [
  'pdf',
] as const satisfies readonly AssignmentFileType[]; // spec part 2, section 9: assignments pdf

/** File types the lecture-note attachment picker accepts. */
export const ATTACHMENT_ALLOWED_TYPES = TASK_ALLOWED_TYPES; // spec part 2, section 5: same list
/** Extensions treated as images (gallery, previews). */
export const IMAGE_EXTENSIONS = [
  // spec part 2, section 5: image attachments are ...
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'webp',
  'svg',
] as const;

/** Maximum length of the submission notes field. */
export const NOTES_MAX_LENGTH = 500; // spec part 2, section 9

/** First lecture week. */
export const WEEK_MIN = 1; // spec part 2, section 9: week range 1 to 20
/** Last lecture week. */
export const WEEK_MAX = 20;
/** Week of a new lecture note before a date is chosen. */
export const WEEK_DEFAULT = 1; // spec part 2, section 5: default 1
/** Fixed semester start (a calendar day in Seoul) from which weeks are counted. */
export const SEMESTER_START = '2025-03-03'; // spec part 2, section 9: 3 March 2025
/** Days in a lecture week. */
export const DAYS_PER_WEEK = 7;

/** Lowest score. */
export const SCORE_MIN = 0; // spec part 2, section 9: score range 0 to 100
/** Highest score of a single evaluation. */
export const SCORE_MAX = 100;
/** Lowest maximum score of a bulk evaluation. */
export const BULK_MAX_SCORE_MIN = 1; // spec part 2, section 9: bulk maximum 1 to 1000, default 100
/** Highest maximum score of a bulk evaluation. */
export const BULK_MAX_SCORE_MAX = 1000;
/** Default maximum score of a bulk evaluation. */
export const BULK_MAX_SCORE_DEFAULT = 100;

/** Letter grades, best first. */
export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
/** A letter grade. */
export type Grade = (typeof GRADES)[number];
/** Colour shown with a grade. */
export type GradeColor = 'green' | 'blue' | 'yellow' | 'orange' | 'red';
/** Grade scale: the first row whose minimum percent is reached applies. */
export const GRADE_SCALE = [
  // spec part 2, section 9: 90 or above A (green), 80 B (blue), 70 C (yellow), 60 D (orange), lower F (red)
  { grade: 'A', minPercent: 90, color: 'green' },
  { grade: 'B', minPercent: 80, color: 'blue' },
  { grade: 'C', minPercent: 70, color: 'yellow' },
  { grade: 'D', minPercent: 60, color: 'orange' },
  { grade: 'F', minPercent: Number.NEGATIVE_INFINITY, color: 'red' },
] as const satisfies readonly { grade: Grade; minPercent: number; color: GradeColor }[];

/** Lecture-note sort orders offered in the settings panel. */
export const LECTURE_NOTE_SORT_ORDERS = [
  // spec part 2, section 9: sort orders
  'week-asc',
  'week-desc',
  'created-asc',
  'created-desc',
] as const;
/** A lecture-note sort order. */
export type LectureNoteSortOrder = (typeof LECTURE_NOTE_SORT_ORDERS)[number];
/** Sort order of a user without saved preferences. */
export const LECTURE_NOTE_SORT_ORDER_DEFAULT: LectureNoteSortOrder = 'week-asc';

/** Who submits for a lecture-note task: the team leader, or every member. */
export const ASSIGNMENT_TYPES = ['team', 'individual'] as const; // spec part 2, section 3
/** A lecture-note task's assignment type. */
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
/** Assignment type of a new task. */
export const ASSIGNMENT_TYPE_DEFAULT: AssignmentType = 'team'; // spec part 2, section 9
/** Title of a task when none is given. */
export const DEFAULT_TASK_TITLE = 'Task Assignment'; // spec part 2, section 9

/** Number of tries of a database write. */
export const WRITE_RETRIES = 3; // spec part 2, section 9: write retries 3
/** Base delay of the write backoff (times two to the power of the attempt). */
export const WRITE_RETRY_BASE_MS = 1000;
/** Delay before the page refreshes after a submission. */
export const REFRESH_AFTER_SUBMIT_MS = 500; // spec part 2, section 9
/** How long a success banner stays. */
export const SUCCESS_BANNER_MS = 3000; // spec part 2, section 9: hides after 3 s
/** Delay before the evaluation dialog closes after a successful save. */
export const EVALUATION_DIALOG_CLOSE_MS = 2000; // spec part 2, section 9: closes after 2 s

/** Locale of every displayed date. */
export const DISPLAY_LOCALE = 'ko-KR'; // spec part 2, section 9: Korean locale
/** Time zone of every displayed date and of calendar-day rules. */
export const DISPLAY_TIME_ZONE = 'Asia/Seoul'; // spec part 2, section 9: Seoul time zone
/** Offset of Seoul from UTC; Korea has kept UTC+9 without daylight saving since 1988. */
export const SEOUL_UTC_OFFSET_MS = 9 * 60 * MINUTE_MS;

/** Whether a string is one of the known notification types. */
export function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** Whether a string is one of the lecture-note sort orders. */
export function isLectureNoteSortOrder(value: string): value is LectureNoteSortOrder {
  return (LECTURE_NOTE_SORT_ORDERS as readonly string[]).includes(value);
}

/** Whether a string is one of the assignment types. */
export function isAssignmentType(value: string): value is AssignmentType {
  return (ASSIGNMENT_TYPES as readonly string[]).includes(value);
}
