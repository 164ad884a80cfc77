/**
 * Reading scanned pages (docs/document-chat.md, *Scanned pages*): a page with no text layer is
 * drawn to a greyscale image by poppler's `pdftoppm` and read by Debian's `tesseract` (package
 * tesseract-ocr, English data tesseract-ocr-eng; .ci/run installs both, the README says how).
 * Where either program is missing OCR is simply off and such pages stay "no text". One page at a
 * time, one thread (the machine's cores are shared with the API), each step under a time limit.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { OcrWord } from '../../../src/domain/documents/documents';
import { ocrWordsOf } from './ocr-words';

const run = promisify(execFile);
/** 150 dpi reads body text well and keeps a page's image small (about 1,300 × 1,700 pixels). */
const DPI = 150;
/** One page's drawing and reading together stay under this. */
const PAGE_TIMEOUT_MS = 20_000;

let available: boolean | undefined;

/** Whether both programs are installed (DOCUMENTS_OCR=0 turns OCR off). Asked once per process. */
export function ocrAvailable(): boolean {
  if (process.env.DOCUMENTS_OCR === '0') return false;
  if (available === undefined) {
    try {
      execFileSync('tesseract', ['--version'], { stdio: 'ignore', timeout: 5000 });
      execFileSync('pdftoppm', ['-v'], { stdio: 'ignore', timeout: 5000 });
      available = true;
    } catch {
      available = false;
    }
  }
  return available;
}

/** What OCR read on a page: its text, and its words with their places (ocr-words.ts). */
export interface OcrPage {
  text: string;
  words: OcrWord[];
}

/**
 * What OCR reads on each of `pages` (1-based); a page it cannot read is left out. `wanted` is asked
 * before each page: once it says no (the document was deleted meanwhile) the rest are not read, so
 * the uploads queued behind it do not wait for pages nobody will ask about.
 */
export async function ocrPages(
  pdf: Buffer,
  pages: readonly number[],
  wanted: () => Promise<boolean> = async () => true,
): Promise<Map<number, OcrPage>> {
  const out = new Map<number, OcrPage>();
  if (pages.length === 0 || !ocrAvailable()) return out;
  const dir = await mkdtemp(join(tmpdir(), 'bo-ocr-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    for (const page of pages) {
      if (!(await wanted())) break;
      const image = join(dir, `p${page}`);
      try {
        const n = String(page);
        await run('pdftoppm', ['-r', String(DPI), '-gray', '-png', '-f', n, '-l', n, '-singlefile', file, image], {
          timeout: PAGE_TIMEOUT_MS,
        });
        // One reading, two outputs: the text (image.txt) and each word with its box (image.tsv).
        await run('tesseract', [`${image}.png`, image, '-l', 'eng', 'txt', 'tsv'], {
          timeout: PAGE_TIMEOUT_MS,
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        });
        const text = await readFile(`${image}.txt`, 'utf8');
        if (text.trim()) out.set(page, { text, words: ocrWordsOf(await readFile(`${image}.tsv`, 'utf8')) });
      } catch {
        // This page stays without text; the others are still read.
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}
