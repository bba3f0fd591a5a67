import { describe, expect, it } from 'vitest';
import { isDeadlock, retryingDeadlocks } from './deadlocks';

const deadlock = () => Object.assign(new Error('Failed query'), { cause: { code: '40P01' } });

describe('retryingDeadlocks', () => {
  it('runs the work again after a deadlock, and answers what the next attempt answers', async () => {
    let calls = 0;
    const result = await retryingDeadlocks(async () => {
      calls++;
      if (calls === 1) throw deadlock();
      return 'placed';
    });
    expect(result).toBe('placed');
    expect(calls).toBe(2);
  });

  it('gives up after the third deadlock in a row, and never retries other errors', async () => {
    let calls = 0;
    await expect(
      retryingDeadlocks(async () => {
        calls++;
        throw deadlock();
      }),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(3);

    calls = 0;
    const refusal = Object.assign(new Error('out of stock'), { code: '23514' });
    await expect(
      retryingDeadlocks(async () => {
        calls++;
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });

  it('finds the code through the chain of causes only', () => {
    expect(isDeadlock({ code: '40P01' })).toBe(true);
    expect(isDeadlock(deadlock())).toBe(true);
    expect(isDeadlock(new Error('40P01'))).toBe(false);
    expect(isDeadlock(null)).toBe(false);
  });
});
