import { readFileSync } from 'node:fs';
import { buildIndex, rank } from '../server/modules/documents/ranking.js';
import { offlineAnswerFrom, answers } from '../server/modules/documents/answer-offline.js';
const [doc, q] = process.argv.slice(2);
const pages = new Map(Object.entries(JSON.parse(readFileSync(`/tmp/dump/${doc}.json`, 'utf8'))).map(([k, v]) => [Number(k), v as string]));
const headings = JSON.parse(readFileSync(`/tmp/dump/${doc}.headings.json`, 'utf8'));
const idx = buildIndex(pages, headings);
const r = rank(idx, q!).slice(0, 4);
for (const x of r) {
  const s = idx.pages.get(x.sentence.page)!.slice(x.sentence.start, x.sentence.end);
  const flags = Object.entries(x).filter(([k, v]) => v === true).map(([k]) => k).join(',');
  console.log(x.score.toFixed(2), 'cov', x.coverage.toFixed(2), 'known', x.knownCoverage.toFixed(2), 'ans', answers(x), flags, '|', s.slice(0, 140));
}
console.log(JSON.stringify(offlineAnswerFrom(idx, q!)).slice(0, 300));
