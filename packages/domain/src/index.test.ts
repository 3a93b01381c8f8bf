import { describe, it, expect } from 'vitest';
import * as domain from './index.ts';

describe('package entry point', () => {
  it('re-exports every module', () => {
    const names = [
      'TEAM_COUNT_MAX',
      'slugify',
      'uniqueSlug',
      'slugMatches',
      'formatBytes',
      'formatFileSize',
      'usagePercent',
      'quotaColor',
      'relativeTime',
      'formatRelativeTimeEn',
      'weekFromDate',
      'gradeFromPercent',
      'averageScore',
      'bellBadge',
      'menuBadge',
      'formatDate',
      'formatDateTime',
      'formatDateTimeIn',
      'courseWeek',
      'courseCalendarUpdate',
      'instantFromWallTime',
      'errors',
      'AppError',
      'appError',
      'apiErrorBody',
      'isAppError',
      'writeRetryDelayMs',
      'fileExtension',
      'teamCountFrom',
    ];
    for (const name of names) expect(domain).toHaveProperty(name);
  });
});
