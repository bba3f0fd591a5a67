import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script, run by `npm test` after the build
import { checkBudgets, formatTable } from './check-bundle-budgets.mjs';

/** A fake build: the entry imports the runtime and the starter, which import a vendor chunk; the home route imports a shared chunk. */
function fakeBuild(sizes: Record<string, number>) {
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      dynamicImports: [
        'src/app/runtime.ts',
        'src/app/start.tsx',
        'src/app/routes/home.tsx',
        'src/app/routes/heavy.tsx',
      ],
      css: ['assets/index.css'],
    },
    // Imported by the entry once the page has loaded: first-load code, though dynamic.
    'src/app/runtime.ts': { file: 'assets/runtime.js', isDynamicEntry: true, imports: ['_vendor.js'] },
    'src/app/start.tsx': { file: 'assets/start.js', isDynamicEntry: true, imports: ['_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
    'src/app/routes/home.tsx': { file: 'assets/home.js', isDynamicEntry: true, imports: ['_shared.js', 'index.html'] },
    // Only loaded later by the home screen: never counted as initial.
    'src/app/routes/heavy.tsx': { file: 'assets/heavy.js', isDynamicEntry: true },
  };
  const gzipSize = (file: string) => {
    const size = sizes[file];
    if (size === undefined) throw new Error(`unexpected file ${file}`);
    return size;
  };
  return { manifest, gzipSize, routes: { '/': ['src/app/routes/home.tsx'] }, limits: { js: 150, css: 30 } };
}

const small = {
  'assets/index.js': 1_000,
  'assets/runtime.js': 200,
  'assets/start.js': 38_800,
  'assets/vendor.js': 60_000,
  'assets/shared.js': 10_000,
  'assets/home.js': 5_000,
  'assets/heavy.js': 500_000,
  'assets/index.css': 20_000,
  'assets/shared.css': 2_000,
};

describe('storefront bundle budgets', () => {
  it('passes a small build and adds up the entry, the starter, the route chunk and their static imports', () => {
    const { rows, failures } = checkBudgets(fakeBuild(small));
    expect(failures).toEqual([]);
    expect(rows).toEqual([{ route: '/', chunks: 6, js: 115, css: 22, ok: true }]);
    expect(formatTable(rows)).toContain('/');
  });

  it('fails when a route needs more initial JS than the budget', () => {
    const { rows, failures } = checkBudgets(fakeBuild({ ...small, 'assets/vendor.js': 100_000 }));
    expect(rows[0].ok).toBe(false);
    expect(failures).toEqual(['/: initial JS 155.0 KB gzip > 150 KB']);
  });

  it('fails when the CSS is over budget', () => {
    const { failures } = checkBudgets(fakeBuild({ ...small, 'assets/shared.css': 12_000 }));
    expect(failures).toEqual(['/: CSS 32.0 KB gzip > 30 KB']);
  });

  it('fails on a route the manifest does not have', () => {
    const build = fakeBuild(small);
    expect(() => checkBudgets({ ...build, routes: { '/gone': ['src/app/routes/gone.tsx'] } })).toThrow(/no entry/);
  });
});
