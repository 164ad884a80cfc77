/**
 * The work of `npm run bench:email-templates`: render a ~30 KB MJML template as a save does
 * (nesting check, mjml, text part, checks) and as a preview does (plus the sample data), COUNT
 * times one after another after a warm-up. Prints one JSON line of p50/p99 in ms.
 */
import { performance } from 'node:perf_hooks';
import { renderSource, withSampleData } from '../../server/modules/email-templates/render';
import type { EmailSource } from '../../src/domain/email-templates/rules';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const COUNT = arg('count', 200);
const TARGET = arg('kb', 30) * 1024;

/** A newsletter-like design: a header, then rows of two columns with an image, text and a button. */
function template(): string {
  const row = (n: number) => `
    <mj-section background-color="#ffffff" padding="16px">
      <mj-column>
        <mj-image src="https://cdn.example.com/items/${n}.png" alt="Item ${n}" width="260px"></mj-image>
      </mj-column>
      <mj-column>
        <mj-text font-size="18px" font-weight="bold">Item ${n} for {{contact.firstName | "you"}}</mj-text>
        <mj-text font-size="14px" line-height="22px">A short description of item ${n}, what it is and why
          {{business.name}} thinks you will like it. Available this week only.</mj-text>
        <mj-button href="https://shop.example.com/items/${n}" background-color="#1677ff">See item ${n}</mj-button>
      </mj-column>
    </mj-section>`;
  let body = '';
  for (let n = 1; body.length < TARGET - 600; n++) body += row(n);
  return `<mjml>
  <mj-head><mj-title>{{business.name}} news</mj-title></mj-head>
  <mj-body background-color="#f4f4f5">
    <mj-section><mj-column><mj-text font-size="24px">{{business.name}}</mj-text></mj-column></mj-section>${body}
  </mj-body>
</mjml>`;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (n: number) => Math.round(n * 100) / 100;

const source: EmailSource = { kind: 'general', subject: 'News from {{business.name}}', mjml: template() };
for (let i = 0; i < 10; i++) await renderSource(source);
const times: number[] = [];
let htmlBytes = 0;
for (let i = 0; i < COUNT; i++) {
  const start = performance.now();
  const rendered = await renderSource(source);
  const filled = withSampleData(source, rendered);
  times.push(performance.now() - start);
  htmlBytes = Buffer.byteLength(filled.html);
}
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    n: COUNT,
    sourceKb: round(Buffer.byteLength(source.mjml) / 1024),
    htmlKb: round(htmlBytes / 1024),
    p50: round(quantile(times, 0.5)),
    p99: round(quantile(times, 0.99)),
    max: round(times.at(-1)!),
  }),
);
