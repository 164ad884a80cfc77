/**
 * Reading a PDF with pdfjs-dist's legacy build (the same pdfjs as the viewer), always in a
 * worker thread: pdfjs parses on the thread that calls it, so a large or hostile file read on
 * the server's thread would stall every other request. Each read gets its own worker with a
 * time limit and a heap limit; past either the worker is terminated and the read fails with a
 * reason the caller turns into the user's message. The worker's code is a string run with
 * `eval` (and imports pdfjs by its resolved path), so it works the same from the TypeScript
 * sources, under the tests and from the esbuild bundle, with no separate file to locate.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const PDFJS_URL = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
// pdfjs needs the standard fonts' metrics to place text drawn with the 14 built-in fonts.
const FONTS_PATH = `${dirname(require.resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

export type PdfReadFailure = 'encrypted' | 'broken' | 'timeout' | 'tooMuchText';

export type PdfReadResult =
  | { ok: true; numPages: number; pages?: string[]; layouts?: PageLines[] }
  | { ok: false; reason: PdfReadFailure; detail?: string };

/**
 * A page's lines as pdfjs sets them: [start, end) offsets into the page's raw text, the font size
 * and font (pdfjs's id, the same across a document's pages) of most of the line's letters, the x
 * of its first letter, 1 when some of it is in a monospace font (code), and 1 when its letters
 * are in more than one font (a bold word in a line of body text). What layout.ts finds unnumbered
 * headings by.
 */
export type LineStyle = [
  start: number,
  end: number,
  size: number,
  font: string,
  x: number,
  monospace: 0 | 1,
  mixed: 0 | 1,
];
export type PageLines = LineStyle[];

export interface PdfReadOptions {
  /** inspect: open and count pages only; extract: the text of every page as well. */
  mode: 'inspect' | 'extract';
  timeoutMs: number;
  /** A document with more pages is not read further (its count is enough to refuse it). */
  maxPages: number;
  /**
   * Extract: a page whose text runs longer stops the read (tooMuchText). A few KB of compressed
   * stream can draw millions of characters, which would then be cut, stored and indexed on the
   * server's own thread.
   */
  maxPageChars?: number;
}

// One job per message; pdfjs is imported once per worker, so a warm worker starts reading at once.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pdfjsUrl, fontsPath } = workerData;
const loaded = import(pdfjsUrl);
async function read({ bytes, mode, maxPages, maxPageChars }) {
  const pdfjs = await loaded;
  let doc;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      standardFontDataUrl: fontsPath,
      disableFontFace: true,
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch (err) {
    const encrypted = err && err.name === 'PasswordException';
    return { ok: false, reason: encrypted ? 'encrypted' : 'broken', detail: String(err && err.message) };
  }
  try {
    const numPages = doc.numPages;
    if (mode === 'inspect' || numPages === 0 || numPages > maxPages) return { ok: true, numPages };
    const pages = [];
    const layouts = [];
    for (let n = 1; n <= numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      // Each line pdfjs ends (hasEOL) with how it is set: [start, end, size, font, x, monospace, mixed],
      // start and end offsets into the page's text; size and font those of most of its letters.
      const lines = [];
      let line = null;
      const close = () => {
        if (line && line.sizes.size > 0) {
          const most = (m) => [...m].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
          const fonts = line.fonts.size > 1 ? 1 : 0;
          lines.push([line.start, text.length, most(line.sizes), most(line.fonts), line.x, line.mono ? 1 : 0, fonts]);
        }
        line = null;
      };
      for (const item of content.items) {
        if (typeof item.str !== 'string') continue;
        // (Weighed by its length: counting its letters alone cost a tenth of the read.)
        const letters = item.height > 0 && /\\S/.test(item.str) ? item.str.length : 0;
        if (letters > 0) {
          line ??= { start: text.length, sizes: new Map(), fonts: new Map(), x: item.transform[4], mono: false };
          const size = Math.round(item.height * 10) / 10;
          line.sizes.set(size, (line.sizes.get(size) ?? 0) + letters);
          line.fonts.set(item.fontName, (line.fonts.get(item.fontName) ?? 0) + letters);
          if (content.styles[item.fontName]?.fontFamily === 'monospace') line.mono = true;
        }
        text += item.str;
        if (maxPageChars && text.length > maxPageChars) return { ok: false, reason: 'tooMuchText' };
        if (item.hasEOL) {
          close();
          text += '\\n';
        }
      }
      close();
      pages.push(text);
      layouts.push(lines);
      page.cleanup();
    }
    return { ok: true, numPages, pages, layouts };
  } finally {
    await doc.destroy();
  }
}
parentPort.on('message', (job) => {
  read(job).then(
    (result) => parentPort.postMessage(result),
    (err) => parentPort.postMessage({ ok: false, reason: 'broken', detail: String(err && err.message) }),
  );
});
`;

/** Warm workers waiting for a job; at most this many are kept (the machine's cores are shared). */
const MAX_IDLE = 2;
const idle: Worker[] = [];

function spawn(): Worker {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pdfjsUrl: PDFJS_URL, fontsPath: FONTS_PATH },
    // Images are never decoded (only text is read), but a hostile file's objects can still grow.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
    stdout: true,
    stderr: true,
  });
  worker.unref();
  return worker;
}

/** Starts a worker ahead of the first read (pdfjs takes a moment to load). */
export function warmPdfReader(): void {
  if (idle.length === 0) idle.push(spawn());
}

/** Stops the idle workers (the app's close). */
export async function stopPdfReaders(): Promise<void> {
  await Promise.all(idle.splice(0).map((w) => w.terminate()));
}

/**
 * Reads `bytes` in a worker; never throws (a failure is a result with its reason). A worker that
 * timed out or failed is terminated, never reused.
 */
export function readPdf(bytes: Buffer, options: PdfReadOptions): Promise<PdfReadResult> {
  // The worker gets its own copy: the caller may still store the original.
  const copy = new Uint8Array(bytes).buffer;
  const worker = idle.pop() ?? spawn();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PdfReadResult, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reusable && idle.length < MAX_IDLE) idle.push(worker);
      else void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }, false), options.timeoutMs);
    const onMessage = (result: PdfReadResult) => finish(result, true);
    const onError = (err: Error) => finish({ ok: false, reason: 'broken', detail: err.message }, false);
    const onExit = () => finish({ ok: false, reason: 'broken', detail: 'the reader stopped' }, false);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(
      { bytes: copy, mode: options.mode, maxPages: options.maxPages, maxPageChars: options.maxPageChars },
      [copy],
    );
  });
}

/**
 * Reads `bytes` and, when the read runs out of time, once more in a fresh worker before giving up:
 * on a busy machine a read that alone takes under half a second can miss its limit once (the page
 * count at upload, docs/document-chat.md). A damaged or encrypted file is not read again.
 */
export async function readPdfRetryingOnce(
  bytes: Buffer,
  options: PdfReadOptions,
  read: typeof readPdf = readPdf,
): Promise<PdfReadResult> {
  const first = await read(bytes, options);
  if (first.ok || first.reason !== 'timeout') return first;
  return read(bytes, options);
}
