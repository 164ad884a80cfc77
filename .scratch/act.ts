import { readFileSync } from 'node:fs';
import { buildIndex } from '../server/modules/documents/ranking.js';
import { askedAct, statesDeed } from '../server/modules/documents/asked-kind.js';
import { relatedOf, synonymsOf } from '../server/modules/documents/terms.js';
const pages = new Map(Object.entries(JSON.parse(readFileSync(`/tmp/dump/nettle.json`, 'utf8'))).map(([k, v]) => [Number(k), v as string]));
const idx = buildIndex(pages, JSON.parse(readFileSync(`/tmp/dump/nettle.headings.json`, 'utf8')));
console.log('vocab', idx.postings.size);
const act = askedAct('How do I compute a hash?')!;
const c = process.cpuUsage();
for (let k = 0; k < 20; k++) {
  const statesAct = new Uint8Array(idx.sentences.length);
  const actRelated = new Set(act.flatMap((d) => [...relatedOf(d), ...synonymsOf(d)]));
  for (const [t, { at }] of idx.postings) if (statesDeed([t], act, actRelated)) for (const i of at) statesAct[i] = 1;
}
const u = process.cpuUsage(c); console.log(((u.user + u.system) / 1000 / 20).toFixed(2), 'ms cpu');
