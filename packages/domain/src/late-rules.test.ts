import { describe, expect, it } from 'vitest';
import { assignmentInput, assignmentUpdate } from './assignments.ts';
import { taskInput } from './lecture-notes.ts';
import {
  applyLatePenalty,
  DEFAULT_LATE_RULE,
  effectiveDeadline,
  handInState,
  isLateHandIn,
  type LateRule,
  latePenaltyOf,
  lateRule,
  mergeLateRule,
} from './late-rules.ts';

// Late rules (issue 26, decision 0030): the state of a hand-in at moved clocks around a deadline.

const DEADLINE = '2026-11-26T14:59:00.000Z';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const after = (ms: number, from = DEADLINE) => new Date(Date.parse(from) + ms);
const rule = (overrides: Partial<LateRule> = {}): LateRule => ({
  ...DEFAULT_LATE_RULE,
  ...overrides,
});
const penalty = (percent: number, floor: number | null = null, grace = 0) =>
  rule({
    latePolicy: 'penalty',
    latePenaltyPercentPerDay: percent,
    latePenaltyFloorPercent: floor,
    graceMinutes: grace,
  });

describe('handInState', () => {
  it('is on time up to the deadline, and without a deadline', () => {
    for (const policy of ['accept', 'penalty', 'close'] as const) {
      const r = policy === 'penalty' ? penalty(10) : rule({ latePolicy: policy });
      expect(handInState({ rule: r, deadline: DEADLINE, at: after(-MINUTE) }).state).toBe(
        'on_time',
      );
      expect(handInState({ rule: r, deadline: DEADLINE, at: after(0) }).state).toBe('on_time');
      expect(handInState({ rule: r, deadline: null, at: after(10 * DAY) }).state).toBe('on_time');
    }
  });

  it('flags, penalises or closes one millisecond after the deadline plus the grace', () => {
    const at = after(30 * MINUTE + 1);
    const grace = { graceMinutes: 30 };
    expect(
      handInState({ rule: rule(grace), deadline: DEADLINE, at: after(30 * MINUTE) }).state,
    ).toBe('on_time');
    expect(handInState({ rule: rule(grace), deadline: DEADLINE, at }).state).toBe('late');
    expect(
      handInState({ rule: rule({ ...grace, latePolicy: 'close' }), deadline: DEADLINE, at }).state,
    ).toBe('closed');
    expect(handInState({ rule: penalty(10, null, 30), deadline: DEADLINE, at })).toMatchObject({
      state: 'late_penalty',
      daysLate: 1,
      penaltyPercent: 10,
    });
  });

  it('counts started days late after the grace: ceil(late time / 24 h)', () => {
    const table: Array<[number, number]> = [
      [1, 1],
      [DAY, 1],
      [DAY + 1, 2],
      [2.5 * DAY, 3],
      [9 * DAY, 9],
    ];
    for (const [late, days] of table) {
      const state = handInState({
        rule: penalty(10, null, 60),
        deadline: DEADLINE,
        at: after(HOUR + late),
      });
      expect(state, `late by ${late} ms`).toMatchObject({
        daysLate: days,
        penaltyPercent: Math.min(100, days * 10),
      });
    }
    // Never more than 100% off.
    expect(
      handInState({ rule: penalty(40), deadline: DEADLINE, at: after(3 * DAY) }),
    ).toMatchObject({ daysLate: 3, penaltyPercent: 100 });
  });

  it("follows the team's extension instead of the deadline", () => {
    const extension = after(2 * DAY).toISOString();
    const closing = rule({ latePolicy: 'close' });
    expect(
      handInState({ rule: closing, deadline: DEADLINE, extensionDueAt: extension, at: after(DAY) })
        .state,
    ).toBe('on_time');
    expect(
      handInState({
        rule: closing,
        deadline: DEADLINE,
        extensionDueAt: extension,
        at: after(2 * DAY + 1),
      }),
    ).toMatchObject({ state: 'closed', deadline: new Date(extension) });
    expect(effectiveDeadline(DEADLINE, null)).toEqual(new Date(DEADLINE));
    expect(effectiveDeadline(null, null)).toBeNull();
    expect(
      isLateHandIn({ rule: rule(), deadline: DEADLINE, extensionDueAt: extension, at: after(DAY) }),
    ).toBe(false);
    expect(isLateHandIn({ rule: rule(), deadline: DEADLINE, at: after(DAY) })).toBe(true);
  });

  it('holds for any moment: closed exactly when late under the close policy (property)', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 500; i += 1) {
      const grace = Math.floor(random() * 1441);
      const offset = (random() - 0.3) * 10 * DAY;
      const at = after(offset);
      const late = offset > grace * MINUTE;
      expect(isLateHandIn({ rule: rule({ graceMinutes: grace }), deadline: DEADLINE, at })).toBe(
        late,
      );
      const closed = handInState({
        rule: rule({ latePolicy: 'close', graceMinutes: grace }),
        deadline: DEADLINE,
        at,
      });
      expect(closed.state).toBe(late ? 'closed' : 'on_time');
      const penalised = handInState({ rule: penalty(7, null, grace), deadline: DEADLINE, at });
      if (penalised.state === 'late_penalty') {
        expect(penalised.daysLate).toBeGreaterThanOrEqual(1);
        expect(penalised.penaltyPercent).toBe(Math.min(100, penalised.daysLate * 7));
        expect((penalised.daysLate - 1) * DAY).toBeLessThan(offset - grace * MINUTE);
        expect(penalised.daysLate * DAY).toBeGreaterThanOrEqual(offset - grace * MINUTE);
      } else {
        expect(late).toBe(false);
      }
    }
  });
});

describe('applyLatePenalty and latePenaltyOf', () => {
  it('takes the percent off the grade, never below the floor', () => {
    expect(applyLatePenalty(90, 20, null)).toBe(72);
    expect(applyLatePenalty(90, 100, null)).toBe(0);
    expect(applyLatePenalty(90, 80, 50)).toBe(45);
    expect(applyLatePenalty(90, 20, 50)).toBe(72);
    expect(applyLatePenalty(null, 20, null)).toBeNull();
    expect(applyLatePenalty(83.33, 10, null)).toBe(75);
  });

  it("applies to a graded attempt's submitted time, with the original kept", () => {
    expect(
      latePenaltyOf({
        rule: penalty(10, 50),
        deadline: DEADLINE,
        submittedAt: after(2 * DAY - HOUR),
        score: 90,
      }),
    ).toEqual({ score: 72, penalty: { originalScore: 90, penaltyPercent: 20, daysLate: 2 } });
    expect(
      latePenaltyOf({ rule: rule(), deadline: DEADLINE, submittedAt: after(DAY), score: 90 }),
    ).toEqual({ score: 90, penalty: null });
    expect(
      latePenaltyOf({
        rule: penalty(10),
        deadline: DEADLINE,
        extensionDueAt: after(3 * DAY),
        submittedAt: after(2 * DAY),
        score: 90,
      }),
    ).toEqual({ score: 90, penalty: null });
  });
});

describe('the late-rule schemas', () => {
  it('need a percent for a penalty, and none for the other policies', () => {
    expect(lateRule.safeParse(penalty(10, 50)).success).toBe(true);
    expect(lateRule.safeParse(rule({ latePolicy: 'penalty' })).error?.issues[0]?.message).toBe(
      'Enter the percent taken off per day late',
    );
    expect(lateRule.safeParse(rule({ latePenaltyPercentPerDay: 10 })).success).toBe(false);
    expect(lateRule.safeParse(rule({ graceMinutes: 1441 })).success).toBe(false);
    expect(lateRule.safeParse(rule({ graceMinutes: -1 })).success).toBe(false);
    expect(lateRule.safeParse(penalty(0)).success).toBe(false);
    expect(lateRule.safeParse(penalty(10, 101)).success).toBe(false);
  });

  it('are part of the assignment and task bodies, optional there', () => {
    const assignment = {
      title: 'Essay',
      description: '',
      startAt: null,
      endAt: null,
      maxFileSizeMb: 5,
      allowedTypes: ['pdf'],
    };
    expect(assignmentInput.safeParse(assignment).success).toBe(true);
    expect(assignmentInput.safeParse({ ...assignment, latePolicy: 'penalty' }).success).toBe(false);
    expect(
      assignmentInput.safeParse({
        ...assignment,
        latePolicy: 'penalty',
        latePenaltyPercentPerDay: 5,
      }).success,
    ).toBe(true);
    expect(assignmentUpdate.safeParse({ graceMinutes: 10 }).success).toBe(true);
    expect(assignmentUpdate.safeParse({ latePolicy: 'maybe' }).success).toBe(false);
    const task = {
      title: 'Plan',
      description: '',
      deadline: null,
      maxFileSizeMb: 5,
      allowedTypes: ['pdf'],
      assignmentType: 'team',
    };
    expect(taskInput.safeParse({ ...task, latePolicy: 'close', graceMinutes: 5 }).success).toBe(
      true,
    );
    expect(
      taskInput.safeParse({ ...task, latePolicy: 'close', latePenaltyFloorPercent: 5 }).success,
    ).toBe(false);
  });

  it("merge an update over the stored rule, dropping the penalty's numbers when it goes", () => {
    expect(mergeLateRule(penalty(10, 50, 5), { latePolicy: 'close' })).toEqual(
      rule({ latePolicy: 'close', graceMinutes: 5 }),
    );
    expect(mergeLateRule(penalty(10, 50, 5), { latePenaltyPercentPerDay: 20 })).toEqual(
      penalty(20, 50, 5),
    );
    expect(mergeLateRule(rule(), {})).toEqual(rule());
  });
});

describe('the note form checks the late rule as the API does', () => {
  it("refuses a penalty without its percent on the task's field", async () => {
    const { lectureNoteForm } = await import('./forms.ts');
    const task = {
      title: 'Plan',
      description: '',
      deadline: null,
      maxFileSizeMb: 5,
      allowedTypes: ['pdf'],
      assignmentType: 'team',
    };
    const note = { title: 'Week 1', description: '', week: 1, date: null };
    const refused = lectureNoteForm.safeParse({
      ...note,
      task: { ...task, latePolicy: 'penalty' },
    });
    expect(refused.error?.issues[0]).toMatchObject({
      message: 'Enter the percent taken off per day late',
      path: ['task', 'latePenaltyPercentPerDay'],
    });
    expect(
      lectureNoteForm.safeParse({
        ...note,
        task: { ...task, latePolicy: 'penalty', latePenaltyPercentPerDay: 10 },
      }).success,
    ).toBe(true);
  });
});
