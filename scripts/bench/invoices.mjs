/**
 * `npm run bench:invoices`: the invoice PDF (goal < 200 ms). Starts the real server on PGlite (a
 * temp DATA_DIR with the demo data), signs in as mover@demo.test, creates one invoice with
 * BENCH_LINES lines (default 20) through the API, then downloads its PDF — GET
 * /api/Business/invoices/:id/pdf — BENCH_PDFS times one after another (default 50) after one
 * unmeasured call (pdfkit loads on the first PDF); prints p50, p99 and the slowest, with the
 * machine's load average beside them (the figures move with it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../lib/postgres.mjs';
import { apiSignIn, startServer } from './server-process.mjs';

const LINES = Number(process.env.BENCH_LINES ?? 20);
const PDFS = Number(process.env.BENCH_PDFS ?? 50);

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const dir = mkdtempSync(join(tmpdir(), 'bench-invoices-'));
const server = await startServer({ port: await freePort(), env: { DATA_DIR: join(dir, 'data'), SEED_DEMO: 'true' } });
try {
  const login = await apiSignIn(server.url, 'mover@demo.test');
  const headers = { authorization: login.headers.get('authorization'), 'content-type': 'application/json' };
  const lines = Array.from({ length: LINES }, (_, i) => ({
    description: `Line ${i + 1}: crew hours, packing and materials`,
    quantity: 1 + (i % 7),
    unitPriceCents: 1999 + i * 137,
    taxRate: i % 3 ? 8.25 : 0,
  }));
  const created = await fetch(`${server.url}/api/Business/invoices`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      customerName: 'Bench Customer',
      customerEmail: 'bench@example.com',
      issueDate: '2026-11-01',
      dueDate: '2026-12-01',
      discountPercent: 5,
      lines,
    }),
  });
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()).result;
  const times = [];
  let bytes = 0;
  for (let i = 0; i <= PDFS; i++) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/Business/invoices/${id}/pdf`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok || body.subarray(0, 4).toString() !== '%PDF') throw new Error(`pdf: ${res.status}`);
    if (i > 0) times.push(performance.now() - started);
    bytes = body.length;
  }
  const round = (ms) => Math.round(ms * 10) / 10;
  console.log(
    `invoice PDF (${LINES} lines, ${bytes} bytes, PGlite, ${PDFS} calls): p50 ${round(percentile(times, 50))} ms, ` +
      `p99 ${round(percentile(times, 99))} ms, max ${round(Math.max(...times))} ms — goal < 200 ms ` +
      `(load average ${loadavg()[0].toFixed(1)} on this machine)`,
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
