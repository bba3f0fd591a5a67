import { describe, expect, it } from 'vitest';
import { isPrecachedAsset, serviceWorkerSource } from './service-worker-build';

const template = '/* the worker */\n';
const versionOf = (source: string) => /^const VERSION = "([0-9a-f]{16})";/.exec(source)?.[1];
const precacheOf = (source: string) => JSON.parse(/const PRECACHE = (\[[^\]]*\]);/.exec(source)?.[1] ?? 'null');

describe('the service worker the build writes', () => {
  it('precaches the hashed scripts, styles and pictures under assets/, not source maps, compressed copies or the build manifest', () => {
    expect(isPrecachedAsset('assets/index-CdD3f9.js')).toBe(true);
    expect(isPrecachedAsset('assets/index-Ab12.css')).toBe(true);
    expect(isPrecachedAsset('assets/logo-Ab12.svg')).toBe(true);
    expect(isPrecachedAsset('assets/index-CdD3f9.js.map')).toBe(false);
    expect(isPrecachedAsset('assets/index-CdD3f9.js.br')).toBe(false);
    expect(isPrecachedAsset('.vite/manifest.json')).toBe(false);
    expect(isPrecachedAsset('index.html')).toBe(false);
  });

  it('is the version and the sorted precache list, then the worker itself', () => {
    const source = serviceWorkerSource(template, { 'offline.html': 'aa', 'assets/b-2.js': 'assets/b-2.js' });
    expect(versionOf(source)).toMatch(/^[0-9a-f]{16}$/);
    expect(precacheOf(source)).toEqual(['assets/b-2.js', 'offline.html']);
    expect(source.endsWith(`\n\n${template}`)).toBe(true);
  });

  it('is a new worker exactly when something it keeps or runs changes', () => {
    const files = { 'offline.html': 'aa', 'assets/b-2.js': 'assets/b-2.js' };
    const version = versionOf(serviceWorkerSource(template, files, ['push v1']));
    // The same build again, files listed in another order: the same worker, so browsers keep it.
    expect(
      versionOf(serviceWorkerSource(template, { 'assets/b-2.js': 'assets/b-2.js', 'offline.html': 'aa' }, ['push v1'])),
    ).toBe(version);
    // The offline page edited, a chunk renamed by a code change, the push handlers or the worker changed.
    expect(versionOf(serviceWorkerSource(template, { ...files, 'offline.html': 'ab' }, ['push v1']))).not.toBe(version);
    expect(
      versionOf(serviceWorkerSource(template, { 'offline.html': 'aa', 'assets/b-3.js': 'assets/b-3.js' }, ['push v1'])),
    ).not.toBe(version);
    expect(versionOf(serviceWorkerSource(template, files, ['push v2']))).not.toBe(version);
    expect(versionOf(serviceWorkerSource(`${template}// more\n`, files, ['push v1']))).not.toBe(version);
  });
});
