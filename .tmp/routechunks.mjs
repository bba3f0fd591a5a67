import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ROUTES, STARTERS, manifestKey, staticClosure } from '../scripts/check-bundle-budgets.mjs';
const dist = 'apps/web/dist';
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
const mc = JSON.parse(readFileSync(`${dist}/.vite/module-chunks.json`, 'utf8'));
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const base = staticClosure(manifest, [entry, ...STARTERS.map((m) => manifestKey(manifest, mc, m))]);
const gz = (f) => gzipSync(readFileSync(`${dist}/${f}`), { level: 9 }).length;
let baseKb = 0; for (const k of base) if (manifest[k].file.endsWith('.js')) baseKb += gz(manifest[k].file);
console.log('base', (baseKb/1000).toFixed(1));
for (const [route, mods] of Object.entries(ROUTES)) {
  if (process.argv[2] && route !== process.argv[2]) continue;
  const keys = staticClosure(manifest, [entry, ...[...STARTERS, ...mods].map((m) => manifestKey(manifest, mc, m))]);
  const extra = [...keys].filter((k) => !base.has(k)).map((k) => [manifest[k].file, gz(manifest[k].file)]).sort((a, b) => b[1] - a[1]);
  console.log(route, extra.reduce((s, e) => s + e[1], 0) / 1000, extra.map(([f, s]) => `${f.replace('assets/', '').replace(/-[\w-]{8}\.js$/, '')}:${(s / 1000).toFixed(1)}`).join(' '));
}
