import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './api-process';

/** Where the machine's `redis-server` is, or null (the multi-process tests then say why they do not run). */
export function redisServerBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const file = found.stdout.trim();
  return found.status === 0 && file ? file : null;
}

export interface TestRedis {
  url: string;
  /** Stops it (as an outage would: the clients' connections drop). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (it keeps nothing on disk). */
  start(): Promise<void>;
}

/**
 * A Redis server of the test's own, from the machine's `redis-server` on a free port, keeping
 * nothing on disk: the test can stop it and start it again (an outage) without touching the
 * Redis anyone else uses.
 */
export async function startTestRedis(binary: string): Promise<TestRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => {});
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') return;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        probe.disconnect();
      }
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url, start, stop };
}
