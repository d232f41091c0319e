import { describe, expect, it } from 'vitest';
import { createTurnLane } from './turn-lane';

describe('createTurnLane', () => {
  it('runs jobs in order, one per event-loop turn, letting other callbacks run in between', async () => {
    const lane = createTurnLane();
    const log: string[] = [];
    const first = lane.run(() => log.push('first'));
    const second = lane.run(() => log.push('second'));
    setImmediate(() => log.push('other'));
    await Promise.all([first, second]);
    expect(log).toEqual(['first', 'other', 'second']);
  });

  it('answers each job its own result or error and keeps going after an error', async () => {
    const lane = createTurnLane();
    const failing = lane.run(() => {
      throw new Error('bad body');
    });
    const next = lane.run(() => 42);
    await expect(failing).rejects.toThrow('bad body');
    await expect(next).resolves.toBe(42);
  });
});
