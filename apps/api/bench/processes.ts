/**
 * The processes of the benches (bench/run.ts, bench/soak.ts): the real API server started the way
 * production starts it, the bare Fastify baseline, and what they use (free ports, memory readings).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApiIfNeeded } from '../../../scripts/build-api.mjs';
import { apiServerProcess, freePort, keepLastLines, root, tsxProcess, untilHealthy } from '../src/test/api-process';

export { freePort, root, tsxProcess };
export const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** Children this process is stopping: their exit is expected. */
const stopping = new WeakSet<ChildProcess>();

export async function stop(child: ChildProcess): Promise<void> {
  stopping.add(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export async function startBare(): Promise<{ child: ChildProcess; origin: string }> {
  const child = tsxProcess(path.join(benchDir, 'bare-server.ts'), [], { ...process.env, PORT: '0' });
  const lines = keepLastLines(child, 40);
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
  // The compiled server with the flags `npm start` gives it: the bench measures what production
  // runs. Built (if stale) before the clock starts: the cold start is the server's alone.
  await buildApiIfNeeded();
  const started = performance.now();
  const child = await apiServerProcess(env, extraNodeFlags);
  const lines = keepLastLines(child, 40);
  const warnings: string[] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    if (warnings.length < 200_000) warnings.push(...parts.filter(Boolean));
  });
  // A server that dies during the run says so at once, with its last lines: otherwise the rows
  // after it only show "no replies".
  child.once('exit', (code, signal) => {
    if (stopping.has(child)) return;
    process.stderr.write(
      `\nThe server exited (code ${code}, signal ${signal}). Its last lines:\n${lines.join('\n')}\n`,
    );
  });
  const origin = `http://127.0.0.1:${port}`;
  if (await untilHealthy(child, origin, { what: 'the server', output: lines, timeoutMs: 120_000, pollMs: 25 })) {
    warnings.length = 0;
    return { child, origin, coldStartMs: performance.now() - started, lines, warnings };
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
