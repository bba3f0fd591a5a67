/**
 * Child processes of the API: the real server started as `npm start` starts it, from its compiled
 * build (crash-safety and two-process tests, the benches: bench/processes.ts), a free port, a
 * TypeScript file run through tsx (the benches' own tools), the last lines a child printed, the
 * wait for /api/health.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiServerFile, buildApiIfNeeded } from '../../../../scripts/build-api.mjs';
import { serverNodeFlags } from '../../../../scripts/server-node-flags.mjs';

/** The repository root: every child runs there, as `npm start` does. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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

/** This Node running a TypeScript file through tsx from the repository root, with `env` and these Node flags; output piped. */
export function tsxProcess(
  file: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  nodeFlags: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', file, ...argv], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * The compiled API server (apps/api/dist/server.js, built first if missing or stale) run by this
 * Node from the repository root, as `npm start` runs it: the server's Node flags, then
 * `extraNodeFlags`, with `env`; output piped.
 */
export async function apiServerProcess(env: NodeJS.ProcessEnv, extraNodeFlags: string[] = []): Promise<ChildProcess> {
  await buildApiIfNeeded();
  return spawn(process.execPath, [...serverNodeFlags, ...extraNodeFlags, apiServerFile], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Keeps the last `max` lines a child prints (stdout and stderr) in `lines`, to show when something fails. */
export function keepLastLines(child: ChildProcess, max: number, lines: string[] = []): string[] {
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > max) lines.splice(0, lines.length - max);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return lines;
}

/**
 * Polls `origin`/api/health until it answers 200 (true) or `timeoutMs` pass (false: the caller
 * stops the child). A child that exits first is an error naming `what`, with its last lines.
 */
export async function untilHealthy(
  child: ChildProcess,
  origin: string,
  options: { what: string; output: string[]; timeoutMs: number; pollMs: number },
): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.what} exited during start-up:\n${options.output.join('\n')}`);
    }
    try {
      const reply = await fetch(`${origin}/api/health`);
      if (reply.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
  return false;
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
 * Every API process started here and still running. A test that times out while one starts (its
 * variable not yet set) cannot stop it in its own afterAll: stopStartedApiProcesses() can, and
 * this process's exit does, so no server outlives the run (a timed-out crash test under load left
 * one running on a CI machine).
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** SIGKILLs every API process started here that still runs, and waits until each has exited. */
export async function stopStartedApiProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          if (!child.kill('SIGKILL')) resolve();
        }),
    ),
  );
}

/**
 * The real API server in a process of its own, started as `npm start` starts it (this Node,
 * the server's Node flags, the compiled apps/api/dist/server.js: apiServerProcess) with exactly
 * `env` (plus PATH and HOME), listening on 127.0.0.1:`port`. Resolves when `/api/health` answers 200.
 */
export async function startApiProcess(
  env: Record<string, string>,
  port: number,
  options: { timeoutMs?: number } = {},
): Promise<ApiProcess> {
  // Nothing inherited but where programs are: the test's own NODE_ENV, TEST_DATABASE_URL or
  // DATABASE_URL must not leak into the server.
  const childEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...env,
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  const child = await apiServerProcess(childEnv);
  running.add(child);
  const output = keepLastLines(child, 60);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  void exited.then(() => running.delete(child));
  const api: ApiProcess = { child, origin: `http://127.0.0.1:${port}`, output, exited };
  const timeoutMs = options.timeoutMs ?? 60_000;
  if (await untilHealthy(child, api.origin, { what: 'the API process', output, timeoutMs, pollMs: 50 })) return api;
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
