import { describe, expect, it } from 'vitest';
import { Admission } from './admission.ts';
import { deferred } from '../../test/deferred.ts';

describe('Admission', () => {
  it('runs at most its limit at once and the rest in the order they came', async () => {
    const admission = new Admission(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const finished = gates.map((gate, index) =>
      admission.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(admission.running).toBe(2);
    expect(admission.waiting).toBe(3);
    gates[1]!.resolve();
    await finished[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    gates[4]!.resolve();
    expect(await Promise.all(finished)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(admission.running).toBe(0);
    expect(admission.waiting).toBe(0);
  });

  it('gives the turn on when a task fails', async () => {
    const admission = new Admission(1);
    const failed = admission.run(() => Promise.reject(new Error('no')));
    const next = admission.run(() => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('no');
    expect(await next).toBe('next');
    expect(admission.running).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new Admission(0)).toThrow(RangeError);
  });
});
