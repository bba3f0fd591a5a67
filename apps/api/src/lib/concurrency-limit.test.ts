import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit';

describe('concurrencyLimit', () => {
  it('runs at most max tasks at once, the rest in arrival order, and passes results and errors through', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) =>
      limit(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (i === 3) throw new Error('task 3 failed');
        return i * 10;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      0,
      10,
      20,
      'task 3 failed',
      40,
      50,
    ]);
    // A failure frees its place: the limiter still runs tasks afterwards.
    expect(await limit(async () => 'after')).toBe('after');
  });
});
