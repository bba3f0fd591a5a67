/**
 * Runs at most `max` tasks at once; the rest wait their turn, first come first served. For work
 * that is mostly CPU on the one thread (a server render): past a few at once, more in flight
 * adds memory (each holds its data and half-built HTML) and no throughput.
 */
export function concurrencyLimit(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      next();
    }
  };
}
