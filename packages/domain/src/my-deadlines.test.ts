import { describe, expect, it } from 'vitest';
import { myDeadline, myDeadlinePath } from './my-deadlines.ts';

const item = {
  kind: 'task' as const,
  id: 'n 1',
  title: 'Plan',
  assignmentType: 'team' as const,
  workspace: { id: 'w/1', title: 'Course', slug: 'course' },
  deadline: '2026-12-01T14:59:00.000Z',
  role: 'member' as const,
  state: 'not_handed_in' as const,
  handedIn: null,
  expected: null,
};

describe('my deadlines', () => {
  it('opens a task at its note and an assignment at the section', () => {
    expect(myDeadlinePath(item)).toBe('/workspace/w%2F1/notes/n%201');
    expect(myDeadlinePath({ ...item, kind: 'assignment' })).toBe('/workspace/w%2F1/assignments');
  });

  it('takes only ISO instants as deadlines and known states', () => {
    expect(myDeadline.safeParse(item).success).toBe(true);
    expect(myDeadline.safeParse({ ...item, deadline: '1 Dec 2026' }).success).toBe(false);
    expect(myDeadline.safeParse({ ...item, state: 'missing' }).success).toBe(false);
  });
});
