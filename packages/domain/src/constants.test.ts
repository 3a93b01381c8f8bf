import { describe, it, expect } from 'vitest';
import * as c from './constants.ts';

describe('part 1 section 9 constants', () => {
  it('match the spec figures', () => {
    expect([c.TEAM_COUNT_MIN, c.TEAM_COUNT_MAX, c.TEAM_COUNT_DEFAULT]).toEqual([2, 10, 4]);
    expect(c.GROUP_SIZE_DEFAULT).toBe(4);
    expect(c.REBALANCE_TOLERANCE).toBe(1);
    expect([c.SHUFFLE_STEPS, c.SHUFFLE_STEP_MS]).toEqual([15, 400]);
    expect(c.TOAST_DURATION_MS).toBe(2500);
    expect(c.NOTIFICATION_POLL_MS).toBe(30000);
    expect([c.NOTIFICATION_PAGE_SIZE, c.DASHBOARD_NOTIFICATION_PAGE_SIZE]).toEqual([10, 5]);
    expect(c.DUPLICATE_NOTIFICATION_WINDOW_MS).toBe(300000);
    expect(c.RELATIVE_JUST_NOW_UNDER_MS).toBe(60000);
    expect([c.RELATIVE_MINUTES_UNDER, c.RELATIVE_HOURS_UNDER, c.RELATIVE_DAYS_UNDER]).toEqual([
      60, 24, 7,
    ]);
    expect(c.USER_TEAM_CACHE_MS).toBe(300000);
    expect(c.STORAGE_QUOTA_BYTES).toBe(100 * 1024 * 1024);
    expect(c.STORAGE_DISPLAY_UNITS).toEqual(['B', 'KB', 'MB', 'GB']);
    expect([c.BYTES_PER_UNIT_STEP, c.STORAGE_DISPLAY_DECIMALS]).toEqual([1024, 1]);
    expect([c.STORAGE_YELLOW_ABOVE_PERCENT, c.STORAGE_RED_ABOVE_PERCENT]).toEqual([60, 80]);
    expect(c.STORAGE_HIGH_WARNING).toBe('Storage usage is high');
    expect([c.BELL_BADGE_MAX, c.MENU_BADGE_MAX]).toEqual([99, 9]);
    expect(c.AUTH_LOADING_TIMEOUT_MS).toBe(5000);
    expect([c.DARK_MODE_STORAGE_KEY, c.DARK_MODE_DEFAULT]).toEqual(['darkMode', false]);
    expect(c.TEAM_ORDER_STORAGE_PREFIX).toBe('teamOrder_');
    expect(c.TOKEN_REFRESH_BEFORE_EXPIRY_MS).toBe(300000);
    expect(c.TOKEN_REFRESH_RETRY_MS).toBe(30000);
    expect(c.TOKEN_REFRESH_RETRY_MAX_MS).toBe(960000);
    expect(c.TOKEN_MAX_AGE_SECONDS).toBe(300);
    expect(c.CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect([c.STORAGE_OPERATION_RETRY_MS, c.STORAGE_UPLOAD_RETRY_MS]).toEqual([120000, 600000]);
    expect(c.DEFAULT_TEAM_NAME).toBe('Untitled Team');
    expect(c.TEAM_NUMBER_MIN).toBe(1);
    // The spec's seven, issue 24's three (joining) and issue 25's three (grading, peer evaluation).
    expect(c.NOTIFICATION_TYPES).toHaveLength(13);
    expect(new Set(c.NOTIFICATION_TYPES).size).toBe(c.NOTIFICATION_TYPES.length);
  });
});

describe('part 2 section 9 constants', () => {
  it('match the spec figures', () => {
    expect([c.MAX_FILE_SIZE_MB_MIN, c.MAX_FILE_SIZE_MB_DEFAULT, c.MAX_FILE_SIZE_MB_MAX]).toEqual([
      1, 5, 100,
    ]);
    expect(c.TASK_DEFAULT_ALLOWED_TYPES).toEqual(['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png']);
    expect(c.ASSIGNMENT_DEFAULT_ALLOWED_TYPES).toEqual(['pdf']);
    expect(c.TASK_ALLOWED_TYPES).toHaveLength(10);
    expect(c.ASSIGNMENT_ALLOWED_TYPES).toContain('zip');
    expect(c.TASK_ALLOWED_TYPES).not.toContain('zip');
    expect(c.IMAGE_EXTENSIONS).toEqual(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg']);
    expect(c.NOTES_MAX_LENGTH).toBe(500);
    expect([c.WEEK_MIN, c.WEEK_MAX, c.WEEK_DEFAULT]).toEqual([1, 20, 1]);
    expect(c.SEMESTER_START).toBe('2025-03-03');
    expect([c.SCORE_MIN, c.SCORE_MAX]).toEqual([0, 100]);
    expect([c.BULK_MAX_SCORE_MIN, c.BULK_MAX_SCORE_MAX, c.BULK_MAX_SCORE_DEFAULT]).toEqual([
      1, 1000, 100,
    ]);
    expect(c.GRADE_SCALE.map((row) => row.grade)).toEqual(['A', 'B', 'C', 'D', 'F']);
    expect(c.LECTURE_NOTE_SORT_ORDERS).toEqual([
      'week-asc',
      'week-desc',
      'created-asc',
      'created-desc',
    ]);
    expect(c.LECTURE_NOTE_SORT_ORDER_DEFAULT).toBe('week-asc');
    expect(c.ASSIGNMENT_TYPES).toEqual(['team', 'individual']);
    expect(c.ASSIGNMENT_TYPE_DEFAULT).toBe('team');
    expect(c.DEFAULT_TASK_TITLE).toBe('Task Assignment');
    expect([c.WRITE_RETRIES, c.WRITE_RETRY_BASE_MS]).toEqual([3, 1000]);
    expect(c.REFRESH_AFTER_SUBMIT_MS).toBe(500);
    expect(c.SUCCESS_BANNER_MS).toBe(3000);
    expect(c.EVALUATION_DIALOG_CLOSE_MS).toBe(2000);
    expect([c.DISPLAY_LOCALE, c.DISPLAY_TIME_ZONE]).toEqual(['ko-KR', 'Asia/Seoul']);
    expect(c.FILE_SIZE_UNITS).toEqual(['Bytes', 'KB', 'MB', 'GB']);
    expect(c.FILE_SIZE_DECIMALS).toBe(2);
  });

  it('keeps defaults inside their lists', () => {
    for (const type of c.TASK_DEFAULT_ALLOWED_TYPES) expect(c.TASK_ALLOWED_TYPES).toContain(type);
    for (const type of c.ASSIGNMENT_DEFAULT_ALLOWED_TYPES) {
      expect(c.ASSIGNMENT_ALLOWED_TYPES).toContain(type);
    }
  });
});

describe('type guards', () => {
  it('recognise notification types; others are generic', () => {
    expect(c.isNotificationType('assignment_created')).toBe(true);
    expect(c.isNotificationType('system_announcement')).toBe(true);
    expect(c.isNotificationType('friend_request')).toBe(false);
  });

  it('recognise sort orders and assignment types', () => {
    expect(c.isLectureNoteSortOrder('created-desc')).toBe(true);
    expect(c.isLectureNoteSortOrder('title-asc')).toBe(false);
    expect(c.isAssignmentType('individual')).toBe(true);
    expect(c.isAssignmentType('group')).toBe(false);
  });
});
