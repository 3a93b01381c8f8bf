import { describe, expect, it } from 'vitest';
import { isVerificationGatedPath } from './gated-paths';

describe('isVerificationGatedPath', () => {
  it.each([
    '/app',
    '/app/',
    '/workspaces',
    '/workspaces/my-team',
    '/workspace/abc',
    '/workspace/abc/team/1/chat',
    '/notifications',
    // In any case, as the router matches its routes.
    '/App',
    '/Workspace/abc/Notes',
    '/NOTIFICATIONS/',
  ])('gates %s', (path) => {
    expect(isVerificationGatedPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/profile',
    '/contact',
    '/results',
    '/reset-password',
    '/apps',
    '/application',
    '/notificationsx',
  ])('leaves %s open', (path) => {
    expect(isVerificationGatedPath(path)).toBe(false);
  });
});
