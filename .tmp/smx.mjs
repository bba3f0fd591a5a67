import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = JSON.parse(readFileSync(file + '.map', 'utf8'));
const c = new SourceMapConsumer(map);
const lines = code.split('\n');
const sizes = {};
let prev = null;
const mappings = [];
c.eachMapping(m => mappings.push(m));
mappings.sort((a,b)=> a.generatedLine-b.generatedLine || a.generatedColumn-b.generatedColumn);
for (let i=0;i<mappings.length;i++){
  const m=mappings[i], n=mappings[i+1];
  let len;
  if (n && n.generatedLine===m.generatedLine) len=n.generatedColumn-m.generatedColumn; else len=(lines[m.generatedLine-1]?.length??0)-m.generatedColumn;
  const key=(m.source||'?').replace(/.*node_modules\//,'nm:').replace(/^(nm:(@[^/]+\/)?[^/]+).*/,'$1');
  sizes[key]=(sizes[key]||0)+len;
}
const total=Object.values(sizes).reduce((a,b)=>a+b,0);
console.log('total mapped', total, 'file', code.length);
for (const [k,v] of Object.entries(sizes).sort((a,b)=>b[1]-a[1]).slice(0,+process.argv[3]||25)) console.log(String(v).padStart(8), k);
