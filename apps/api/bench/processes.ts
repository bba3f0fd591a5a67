/**
 * The processes of the benches (bench/run.ts, bench/soak.ts): the real API server started the way
 * production starts it, the bare Fastify baseline, and what they use (free ports, memory readings).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../../scripts/server-node-flags.mjs';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(benchDir, '../../..');

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

/** Keeps the last lines a child printed, to show them when it fails. */
export function tail(child: ChildProcess, lines: string[] = []): string[] {
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return lines;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export async function startBare(): Promise<{ child: ChildProcess; origin: string }> {
  const child = tsxProcess(path.join(benchDir, 'bare-server.ts'), [], { ...process.env, PORT: '0' });
  const lines = tail(child);
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`bare server exited:\n${lines.join('\n')}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

export interface Server {
  child: ChildProcess;
  origin: string;
  coldStartMs: number;
  lines: string[];
  /** Every line the server printed (at LOG_LEVEL=warn: warnings and errors). */
  warnings: string[];
}

export async function startServer(
  env: NodeJS.ProcessEnv,
  port: number,
  extraNodeFlags: string[] = [],
): Promise<Server> {
  const started = performance.now();
  // With the flags `npm start` gives it: the bench measures what production runs.
  const child = tsxProcess(path.join(root, 'apps/api/src/server.ts'), [], env, [...serverNodeFlags, ...extraNodeFlags]);
  const lines = tail(child);
  const warnings: string[] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    if (warnings.length < 200_000) warnings.push(...parts.filter(Boolean));
  });
  const origin = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    if (exited) throw new Error(`the server exited during start-up:\n${lines.join('\n')}`);
    try {
      const reply = await fetch(`${origin}/api/health`);
      if (reply.status === 200) {
        warnings.length = 0;
        return { child, origin, coldStartMs: performance.now() - started, lines, warnings };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stop(child);
  throw new Error(`the server did not answer /api/health within 120 s:\n${lines.join('\n')}`);
}

/** A memory figure of a process in MiB from /proc/<pid>/status (Linux), or null elsewhere. */
function statusMiB(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Peak resident set size of a process in MiB (Linux: VmHWM), or null elsewhere. */
export const peakRssMiB = (pid: number | undefined) => statusMiB(pid, 'VmHWM');

/** Resident set size of a process now, in MiB (Linux: VmRSS), or null elsewhere. */
export const rssMiB = (pid: number | undefined) => statusMiB(pid, 'VmRSS');
