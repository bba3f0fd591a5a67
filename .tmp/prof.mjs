import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; let total = 0;
const win = +(process.env.WINDOW_S ?? 0) * 1e6; const tail = +(process.env.TAIL_S ?? 0) * 1e6;
const times = []; let t = p.startTime; for (const d of dt) { t += d; times.push(t); }
const end = p.endTime - tail;
for (let i = 0; i < p.samples.length; i++) { if (win && (times[i] < end - win || times[i] > end)) continue; const d = dt[i] ?? 0; total += d; self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + d); }
const agg = {}; const aggPkg = {};
for (const [id, t] of self) {
  const n = byId.get(id); const cf = n.callFrame;
  const url = cf.url.replace(/.*node_modules\//, 'nm:').replace(/.*\/work\/main\//, '');
  const key = `${cf.functionName || '(anon)'} ${url}:${cf.lineNumber}`;
  agg[key] = (agg[key] ?? 0) + t;
  const pkg = url.startsWith('nm:') ? url.replace(/^(nm:(@[^/]+\/)?[^/]+).*/, '$1') : url.replace(/^(apps\/[^/]+\/[^/]+).*/, '$1') || cf.functionName;
  aggPkg[pkg] = (aggPkg[pkg] ?? 0) + t;
}
const show = (o, n) => Object.entries(o).sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, v]) => console.log((v / total * 100).toFixed(1).padStart(6) + '%', k));
console.log('total ms', (total / 1000).toFixed(0)); show(aggPkg, 25); console.log('---'); show(agg, +process.argv[3] || 40);
