import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle } from './build-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'parade-build-api-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the compiled API (decision 037)', () => {
  it('keeps each source file its own import.meta location, so repo-relative paths resolve as under tsx', async () => {
    const src = path.join(work, 'app/src');
    mkdirSync(path.join(src, 'deep'), { recursive: true });
    writeFileSync(
      path.join(src, 'deep/where.ts'),
      [
        "import path from 'node:path';",
        "import { fileURLToPath } from 'node:url';",
        'export const url: string = import.meta.url;',
        'export const dirname: string = import.meta.dirname;',
        'export const filename: string = import.meta.filename;',
        "export const up = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');",
        "export const worker = new URL('./worker.mjs', import.meta.url).href;",
      ].join('\n'),
    );
    writeFileSync(
      path.join(src, 'main.ts'),
      "export * from './deep/where';\nexport const entry: string = import.meta.url;\n",
    );
    const outfile = path.join(work, 'app/dist/main.js');
    await bundle(path.join(src, 'main.ts'), outfile);
    const built = await import(pathToFileURL(outfile).href);
    const where = path.join(src, 'deep/where.ts');
    expect(built.url).toBe(pathToFileURL(where).href);
    expect(built.filename).toBe(where);
    expect(built.dirname).toBe(path.join(src, 'deep'));
    expect(built.up).toBe(path.join(work, 'app'));
    expect(built.worker).toBe(pathToFileURL(path.join(src, 'deep/worker.mjs')).href);
    expect(built.entry).toBe(pathToFileURL(path.join(src, 'main.ts')).href);
  });

  it('bundles the server with @parade/core and leaves every other package to node_modules', async () => {
    const outfile = path.join(work, 'api/dist/server.js');
    await bundle(path.join(root, 'apps/api/src/server.ts'), outfile);
    const code = readFileSync(outfile, 'utf8');
    const imported = [...code.matchAll(/^import\s[^;]*?from\s+"([^"]+)";/gms)].map((match) => match[1]!);
    const dynamic = [...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1]!);
    const specifiers = new Set([...imported, ...dynamic]);
    expect(specifiers.size).toBeGreaterThan(10);
    for (const specifier of specifiers) {
      // Nothing relative (all our code is inside) and nothing of the workspace's TypeScript packages.
      expect(specifier).not.toMatch(/^(\.|\/|@parade\/)/);
    }
    expect(specifiers).toContain('fastify');
    const map = JSON.parse(readFileSync(`${outfile}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.some((source) => source.endsWith('packages/core/src/money.ts'))).toBe(true);
    expect(map.sources.some((source) => source.endsWith('apps/api/src/server.ts'))).toBe(true);
    expect(map.sources.filter((source) => source.includes('node_modules'))).toEqual([]);
    expect(code).toMatch(/sourceMappingURL=server\.js\.map/);
  });
});
