import { describe, expect, it } from 'vitest';
import { CoalescedRun } from './coalesced-run.ts';

describe('CoalescedRun', () => {
  it('never runs twice at once, and runs once more after kicks during a run', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const run = new CoalescedRun(
      async () => {
        runs += 1;
        active += 1;
        most = Math.max(most, active);
        if (runs === 1) await gate;
        active -= 1;
      },
      () => {},
    );
    run.kick();
    run.kick();
    run.kick();
    expect(runs).toBe(1);
    release();
    await run.idle();
    // The three kicks made one run and, for the two during it, exactly one more.
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('hands a failed run to onError and keeps working', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const run = new CoalescedRun(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('first fails');
      },
      (error) => errors.push(error),
    );
    run.kick();
    await run.idle();
    run.kick();
    await run.idle();
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('starts no run, not even one asked for during a run, once it is not wanted', async () => {
    let isWanted = true;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const run = new CoalescedRun(
      async () => {
        runs += 1;
        await gate;
      },
      () => {},
      () => isWanted,
    );
    run.kick();
    run.kick();
    isWanted = false;
    release();
    await run.idle();
    run.kick();
    await run.idle();
    expect(runs).toBe(1);
  });
});
