import { readFileSync } from 'node:fs';
import { buildIndex, rank } from '../server/modules/documents/ranking.js';
const [doc, ...qs] = process.argv.slice(2);
const pages = new Map(Object.entries(JSON.parse(readFileSync(`/tmp/dump/${doc}.json`, 'utf8'))).map(([k, v]) => [Number(k), v as string]));
const idx = buildIndex(pages, JSON.parse(readFileSync(`/tmp/dump/${doc}.headings.json`, 'utf8')));
console.log(doc, 'sentences', idx.sentences.length);
for (const q of qs) {
  rank(idx, q);
  const c = process.cpuUsage();
  for (let k = 0; k < 20; k++) rank(idx, q);
  const u = process.cpuUsage(c); console.log(((u.user + u.system) / 1000 / 20).toFixed(2), "ms cpu", q);
}
