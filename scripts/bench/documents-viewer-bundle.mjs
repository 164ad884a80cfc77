/**
 * `npm run bench:documents-viewer`: the JavaScript the document chat's viewer loads on demand
 * (gzip KB) and proof that it is not in the first load. In Chromium against the built app on a
 * fresh demo database, the fleet manager signs in (first load), opens chat_with_pdf (the list),
 * then the demo handbook (the viewer); every script and worker fetched at each step is matched to
 * its file in the build and gzipped (level 6). Fails when react-pdf / pdfjs (the PdfViewer chunk
 * or the pdf.js worker) is fetched before the viewer opens. BENCH_CLIENT_DIR reuses a build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { freePort } from '../lib/postgres.mjs';
import { startServer } from './server-process.mjs';

const ACCOUNT = { email: 'trucker@demo.test', password: 'Demo1234!' };
/** What only the viewer may bring: react-pdf and pdfjs live in the PdfViewer chunk, plus pdf.js's worker. */
const VIEWER_ONLY = /\/(PdfViewer-[^/]+\.js|pdf\.worker[^/]*\.m?js)$/;

const ownBuild = !process.env.BENCH_CLIENT_DIR;
const clientDir = resolve(process.env.BENCH_CLIENT_DIR ?? mkdtempSync(join(tmpdir(), 'bo-viewer-')));
const dataDir = mkdtempSync(join(tmpdir(), 'bo-viewer-data-'));

const gzipKb = (path) => gzipSync(readFileSync(join(clientDir, path)), { level: 6 }).length / 1024;

let failed = false;
try {
  if (ownBuild) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(1);
  }
  const server = await startServer({
    port: await freePort(),
    env: { DATA_DIR: dataDir, RATE_LIMIT: 'false', CLIENT_DIR: clientDir, SEED_DEMO: 'true' },
  });
  const steps = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const fetched = new Set();
    const take = (url) => {
      if (url.startsWith(server.url) && /\.m?js$/.test(new URL(url).pathname)) fetched.add(new URL(url).pathname);
    };
    page.on('response', (res) => ['script', 'other'].includes(res.request().resourceType()) && take(res.url()));
    // The pdf.js worker is fetched by a Worker, which the page's response event does not see.
    context.on('request', (req) => take(req.url()));
    page.on('worker', (worker) => take(worker.url()));
    const step = (name) => {
      const files = [...fetched];
      const before = new Set(steps.flatMap((s) => s.files));
      const added = files.filter((f) => !before.has(f));
      steps.push({ name, files, added });
    };

    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(ACCOUNT.email);
    await page.getByLabel('Password').fill(ACCOUNT.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    step('sign in + first page');

    await page.getByRole('link', { name: 'Chat with PDF' }).click();
    await page.getByRole('link', { name: 'fleet-safety-handbook.pdf' }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    step('documents list');

    await page.getByRole('link', { name: 'fleet-safety-handbook.pdf' }).click();
    await page.locator('[data-page-box="1"] canvas').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    step('viewer open');
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log('\nJavaScript fetched per step (gzip KB, level 6):');
  console.table(
    steps.map((s) => ({
      step: s.name,
      'new files': s.added.length,
      'new KB': s.added.reduce((kb, f) => kb + gzipKb(f), 0).toFixed(1),
      'react-pdf / pdfjs fetched': s.added.some((f) => VIEWER_ONLY.test(f)) ? 'yes' : 'no',
    })),
  );
  const viewer = steps.at(-1).added;
  console.log('Loaded when the viewer opens:');
  console.table(viewer.map((f) => ({ file: f, 'gzip KB': gzipKb(f).toFixed(1) })));
  for (const s of steps.slice(0, -1)) {
    const early = s.added.filter((f) => VIEWER_ONLY.test(f));
    if (early.length > 0) {
      failed = true;
      console.error(`react-pdf / pdfjs fetched at "${s.name}": ${early.join(', ')}`);
    }
  }
  if (!viewer.some((f) => VIEWER_ONLY.test(f))) {
    failed = true;
    console.error('the viewer step fetched no PdfViewer chunk or worker: the measurement saw nothing');
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (ownBuild) rmSync(clientDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
