import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, keepLastLines, root } from './test/api-process';
import { redisServerBinary, startTestRedis, type TestRedis } from './test/redis-server';
import { startS3Server, type TestS3Server } from './test/s3-server';
import { copySeededFiles, createPostgresDatabase } from './test/test-database';

/**
 * docs/deploy.md, run as written (issue 26: "every command in it is run by a test or by
 * .ci/run"). The recipe's shell blocks are read from the file, each after its
 * `<!-- deploy-step: name -->` marker, and run here through `sh` with the environment the recipe
 * describes: on a fresh database of the machine's PostgreSQL, a Redis and an S3-speaking server
 * of the test's own. Only the install line is not run here: `.ci/run` runs it, and this checks
 * that it does, word for word.
 */

const recipeFile = path.join(root, 'docs/deploy.md');

/** The recipe's steps: each marked shell block's commands (one per line, comments skipped). */
export function deploySteps(markdown: string): Record<string, string[]> {
  const steps: Record<string, string[]> = {};
  const pattern = /<!-- deploy-step: ([\w-]+) -->\s*```sh\n([\s\S]*?)```/g;
  for (const match of markdown.matchAll(pattern)) {
    const [, name = '', body = ''] = match;
    steps[name] = body
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
  }
  return steps;
}

const steps = deploySteps(readFileSync(recipeFile, 'utf8'));
const step = (name: string): string[] => {
  const commands = steps[name];
  if (!commands?.length) throw new Error(`docs/deploy.md has no "${name}" step`);
  return commands;
};

describe('docs/deploy.md', () => {
  it('has only steps that this test or .ci/run runs, and every shell block is one of them', () => {
    expect(Object.keys(steps).sort()).toEqual(['build', 'health', 'release', 'restart', 'start', 'storage-copy']);
    const shellBlocks = readFileSync(recipeFile, 'utf8').match(/```sh\n/g) ?? [];
    expect(shellBlocks).toHaveLength(Object.keys(steps).length);
  });

  it("installs as .ci/run does, word for word (the build's other line is run below)", () => {
    const [install, ...rest] = step('build');
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    expect(ci).toContain(install);
    expect(rest).toEqual(['node scripts/build-if-needed.mjs']);
  });
});

const redisBinary = redisServerBinary();
const missing = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (the recipe is for PostgreSQL)'
  : !redisBinary
    ? 'redis-server is not installed (apt-get install redis-server)'
    : null;
if (missing) console.warn(`the deployment recipe is not run: ${missing}`);

/** Runs one line of the recipe through `sh` from the repository root; resolves to its exit code and output. */
function run(command: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd: root, env: { ...baseEnv(), ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Nothing of the test's own environment (NODE_ENV=test, TEST_DATABASE_URL...) but where programs are. */
function baseEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
}

describe.skipIf(missing !== null)('the deployment recipe on PostgreSQL, Redis and an S3 store', () => {
  let database: { url: string; drop(): Promise<void> };
  let redis: TestRedis;
  let s3: TestS3Server;
  const dataDirs: string[] = [];
  const servers: { child: ChildProcess; origin: string; port: number; output: string[] }[] = [];
  let processEnv: Record<string, string>;
  /** A picture of the single machine's DATA_DIR, as /uploads/ serves it once copied into the store. */
  let copiedPicture = '';

  beforeAll(async () => {
    // An empty database: the release step is what migrates it.
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    redis = await startTestRedis(redisBinary!);
    s3 = await startS3Server();
    processEnv = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      MIGRATE_ON_START: 'false',
      ...s3.env,
      REDIS_URL: redis.url,
      TRUST_PROXY: '127.0.0.1',
      GEOCODER: 'demo',
      DOWNLOAD_LINK_SECRET: 'a download link secret shared by every process of this deployment',
      LOG_LEVEL: 'warn',
    };
  }, 60_000);

  afterAll(async () => {
    // A SIGTERM (start.mjs passes it to the server it started), then the whole process group the
    // hard way: a SIGKILL to start.mjs alone would leave its server running on.
    await Promise.all(
      servers.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }),
    );
    await redis?.stop();
    await s3?.stop();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'parade-deploy-'));
    dataDirs.push(dir);
    return dir;
  };

  it('builds (a no-op once built)', async () => {
    const [, ...build] = step('build');
    for (const command of build) {
      const { code, output } = await run(command, {});
      expect(code, output).toBe(0);
    }
  }, 300_000);

  it('migrates once, as the release step', async () => {
    for (const command of step('release')) {
      const { code, output } = await run(command, { DATABASE_URL: database.url });
      expect(code, output).toBe(0);
    }
    // Run again: nothing left to do, and still fine.
    const again = await run(step('release')[0]!, { DATABASE_URL: database.url });
    expect(again.code, again.output).toBe(0);
  }, 120_000);

  it("copies a single machine's files into the store", async () => {
    const single = dataDir();
    copySeededFiles(single);
    const pictures = readdirSync(path.join(single, 'uploads'), { recursive: true, encoding: 'utf8' });
    copiedPicture = `/uploads/${pictures.find((name) => name.endsWith('.svg'))}`;
    for (const command of step('storage-copy')) {
      const { code, output } = await run(command, { ...processEnv, DATA_DIR: single });
      expect(code, output).toBe(0);
    }
  }, 120_000);

  it('starts two processes that answer their health checks', async () => {
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const [start] = step('start');
      const child = spawn('sh', ['-c', `exec ${start}`], {
        cwd: root,
        // A group of its own, so that cleaning up can stop start.mjs and its server together.
        detached: true,
        env: { ...baseEnv(), ...processEnv, PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      servers.push({ child, origin, port, output: keepLastLines(child, 60) });
    }
    for (const server of servers) {
      for (const command of step('health')) {
        const local = command.replaceAll('127.0.0.1:3000', `127.0.0.1:${server.port}`);
        const deadline = Date.now() + 60_000;
        let result = await run(local, {});
        while (result.code !== 0 && Date.now() < deadline && server.child.exitCode === null) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          result = await run(local, {});
        }
        expect(result.code, `${local}\n${result.output}\n${server.output.join('\n')}`).toBe(0);
      }
      // Each serves the files the copy put in the store, from a DATA_DIR of its own that never had them.
      expect((await fetch(`${server.origin}${copiedPicture}`)).status).toBe(200);
    }
  }, 180_000);

  it('restarts one process while the other keeps answering', async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error('the processes did not start');
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    for (const command of step('restart')) {
      const { code, output } = await run(command, { PARADE_PID: String(first.child.pid) });
      expect(code, output).toBe(0);
    }
    // Meanwhile the other process serves.
    const ready = await fetch(`${second.origin}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await exited, first.output.join('\n')).toBe(0);
  }, 60_000);
});
