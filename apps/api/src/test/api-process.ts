import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../../../scripts/server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  child: ChildProcess;
  origin: string;
  /** The last lines the server printed, to show when something fails. */
  output: string[];
  /** Resolves once the process has exited (at once if it already has). */
  exited: Promise<void>;
}

/**
 * The real API server in a process of its own, started as `npm start` starts it (this Node,
 * the server's Node flags, `--import tsx`, apps/api/src/server.ts) with exactly `env` (plus
 * PATH and HOME), listening on 127.0.0.1:`port`. Resolves when `/api/health` answers 200.
 */
export async function startApiProcess(
  env: Record<string, string>,
  port: number,
  options: { timeoutMs?: number } = {},
): Promise<ApiProcess> {
  const child = spawn(
    process.execPath,
    [...serverNodeFlags, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
    {
      cwd: root,
      // Nothing inherited but where programs are: the test's own NODE_ENV, TEST_DATABASE_URL or
      // DATABASE_URL must not leak into the server.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...env,
        HOST: '127.0.0.1',
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    if (output.length > 60) output.splice(0, output.length - 60);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const api: ApiProcess = { child, origin: `http://127.0.0.1:${port}`, output, exited };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the API process exited during start-up:\n${output.join('\n')}`);
    }
    try {
      const reply = await fetch(`${api.origin}/api/health`);
      if (reply.status === 200) return api;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await killApiProcess(api, 'SIGKILL');
  throw new Error(`the API process did not answer /api/health in time:\n${output.join('\n')}`);
}

/** Sends the signal (if the process still runs) and waits until it has exited. */
export async function killApiProcess(api: ApiProcess, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  const { child } = api;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  if (signal === 'SIGTERM') {
    // A clean shutdown that hangs is ended the hard way, so a test never waits for ever.
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await api.exited;
    clearTimeout(timer);
    return;
  }
  await api.exited;
}
