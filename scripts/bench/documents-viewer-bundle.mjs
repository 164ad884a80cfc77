/**
 * `npm run bench:documents-viewer`: the JavaScript the document chat's viewer loads on demand
 * (gzip KB) and proof that it is not in the first load. In Chromium against the built app on a
 * fresh demo database, the fleet manager signs in (first load), opens chat_with_pdf (the list),
 * then the demo handbook (the viewer); every script and worker fetched at each step is matched to
 * its file in the build and gzipped (level 6). Fails when react-pdf / pdfjs (the PdfViewer chunk
 * or the pdf.js worker) is fetched before the viewer opens. A fresh build and server
 * (browser-session.mjs; BENCH_CLIENT_DIR reuses a build).
 */
import { gzipKb, withBrowserSession } from './browser-session.mjs';

/** What only the viewer may bring: react-pdf and pdfjs live in the PdfViewer chunk, plus pdf.js's worker. */
const VIEWER_ONLY = /\/(PdfViewer-[^/]+\.js|pdf\.worker[^/]*\.m?js)$/;

const failed = await withBrowserSession({ name: 'viewer' }, async ({ server, clientDir, signedInPage }) => {
  const steps = [];
  const fetched = new Set();
  const take = (url) => {
    if (url.startsWith(server.url) && /\.m?js$/.test(new URL(url).pathname)) fetched.add(new URL(url).pathname);
  };
  const step = (name) => {
    const files = [...fetched];
    const before = new Set(steps.flatMap((s) => s.files));
    const added = files.filter((f) => !before.has(f));
    steps.push({ name, files, added });
  };

  const { context, page } = await signedInPage('trucker@demo.test', {
    prepare(page, context) {
      page.on('response', (res) => ['script', 'other'].includes(res.request().resourceType()) && take(res.url()));
      // The pdf.js worker is fetched by a Worker, which the page's response event does not see.
      context.on('request', (req) => take(req.url()));
      page.on('worker', (worker) => take(worker.url()));
    },
  });
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

  console.log('\nJavaScript fetched per step (gzip KB, level 6):');
  console.table(
    steps.map((s) => ({
      step: s.name,
      'new files': s.added.length,
      'new KB': s.added.reduce((kb, f) => kb + gzipKb(clientDir, f), 0).toFixed(1),
      'react-pdf / pdfjs fetched': s.added.some((f) => VIEWER_ONLY.test(f)) ? 'yes' : 'no',
    })),
  );
  const viewer = steps.at(-1).added;
  console.log('Loaded when the viewer opens:');
  console.table(viewer.map((f) => ({ file: f, 'gzip KB': gzipKb(clientDir, f).toFixed(1) })));
  let failed = false;
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
  return failed;
});
process.exit(failed ? 1 : 0);
