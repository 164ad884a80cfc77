/**
 * The in-process half of `npm run bench:documents` (run with tsx): index time of a 25-page and a
 * 200-page text PDF through the real indexer (pdfjs in its worker, chunks, one transaction),
 * of a 10-page scanned PDF read by OCR where tesseract is installed (each page a 150 dpi image of
 * a text page: the figure), and full-text retrieval over a business with 50 indexed
 * documents. Prints one JSON line.
 * DATABASE_URL set: PostgreSQL; else PGlite in a temp directory.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { businesses } from '../../server/db/schema';
import { createIndexer } from '../../server/modules/documents/indexer';
import { ocrAvailable } from '../../server/modules/documents/ocr';
import { stopPdfReaders, warmPdfReader } from '../../server/modules/documents/pdf-reader';
import { searchPassages } from '../../server/modules/documents/retrieval';
import { documents } from '../../server/modules/documents/tables';
import { createStorage } from '../../server/modules/storage/create-storage';
import { makePdf, makeScannedPdf, manualPage } from '../../tests/api/helpers/pdfs';

const dir = mkdtempSync(join(tmpdir(), 'bench-documents-'));
const config = loadConfig({ ...process.env, DATA_DIR: dir });
const database = await openDatabase(config);
const { db } = database;
const storage = createStorage(config);
const log = { warn: console.error, error: console.error, info: () => {} } as unknown as FastifyBaseLogger;
const indexer = createIndexer({ db, storage, log, now: Date.now });

const [business] = await db.insert(businesses).values({ companyName: 'Bench Freight' }).returning();
const businessId = business!.id;

/** CPU time of the whole process (every thread: the pdfjs worker and PGlite too), in ms. */
const cpuMs = (since?: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};

async function indexOnce(pdf: Buffer, pages: number): Promise<{ ms: number; cpu: number; id: string }> {
  const key = `documents/bench-${Math.random().toString(16).slice(2)}.pdf`;
  await storage.put(key, Readable.from([pdf]), { maxBytes: pdf.length });
  const [row] = await db
    .insert(documents)
    .values({ businessId, fileName: 'bench.pdf', storageKey: key, sizeBytes: pdf.length, pages })
    .returning();
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  indexer.enqueue(row!.fileId, pdf);
  await indexer.settled(row!.fileId);
  const ms = performance.now() - started;
  const cpu = cpuMs(cpu0);
  const [done] = await db.select().from(documents).where(eq(documents.id, row!.id));
  if (done?.status !== 'ready') throw new Error(`indexing failed: ${done?.error}`);
  return { ms, cpu, id: row!.id };
}

const pdf25 = await makePdf(Array.from({ length: 25 }, (_, i) => manualPage(i + 1).repeat(6)));
const pdf200 = await makePdf(Array.from({ length: 200 }, (_, i) => manualPage(i + 1).repeat(6)));
// The server warms a reader at start; so does the bench (the first pdfjs load is not indexing).
warmPdfReader();
await new Promise((r) => setTimeout(r, 1500));
const index25 = await indexOnce(pdf25, 25);
const index200 = await indexOnce(pdf200, 200);

// A business with 50 documents (the 200-page one and 49 of 25 pages).
for (let i = 0; i < 48; i++) await indexOnce(pdf25, 25);
const all = await db.select({ id: documents.id }).from(documents).where(eq(documents.businessId, businessId));
const questions = [
  'What tire pressure must unit 12 keep?',
  'How often is the air filter of unit 7 replaced?',
  'coolant level before every trip',
  'Where do drivers log inspections?',
  'What is the maintenance schedule for truck unit 3?',
];
const times: number[] = [];
const searchCpu0 = process.cpuUsage();
for (let i = 0; i < 500; i++) {
  const doc = all[i % all.length]!;
  const started = performance.now();
  await searchPassages(db, doc.id, questions[i % questions.length]!, 6);
  times.push(performance.now() - started);
}
const searchCpuMean = cpuMs(searchCpu0) / 500;
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;

// After retrieval, so the business still has its 50 documents there. OCR runs tesseract in child
// processes, whose CPU is not this process's: the wall time and the pages OCR read are printed.
let ocr10: { ms: number; pagesRead: number } | null = null;
if (ocrAvailable()) {
  const scans = await makeScannedPdf(Array.from({ length: 10 }, (_, i) => manualPage(i + 1)));
  const { ms, id } = await indexOnce(scans, 10);
  const [done] = await db.select().from(documents).where(eq(documents.id, id));
  ocr10 = { ms, pagesRead: done?.ocrPages?.length ?? 0 };
}

const five = join(tmpdir(), `bench-documents-five-${process.pid}.pdf`);
writeFileSync(five, await makePdf(Array.from({ length: 5 }, (_, i) => manualPage(i + 1).repeat(6))));

indexer.stop();
await stopPdfReaders();
await database.close();
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    engine: database.kind,
    index25Ms: Math.round(index25.ms),
    index25CpuMs: Math.round(index25.cpu),
    index200Ms: Math.round(index200.ms),
    index200CpuMs: Math.round(index200.cpu),
    ocr10Ms: ocr10 ? Math.round(ocr10.ms) : null,
    ocr10PagesRead: ocr10?.pagesRead ?? null,
    retrievalCpuMeanMs: +searchCpuMean.toFixed(2),
    documents: all.length,
    retrievalP50Ms: +pct(50).toFixed(2),
    retrievalP99Ms: +pct(99).toFixed(2),
    fivePagePdf: five,
  }),
);
