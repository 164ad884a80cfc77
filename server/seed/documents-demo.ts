/**
 * Document chat's demo: one PDF for the demo fleet manager's business and one for the club
 * owner's, written with pdfkit at seed time and stored like an upload (status processing). The
 * server's indexer reads them when it starts, with the real extraction, so `npm start` shows a
 * ready document to ask about. The fleet handbook's third page is an image with no text, as a
 * scan would be ("page 3 has no text").
 */
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { documents } from '../modules/documents/tables';
import type { FileStorage } from '../modules/storage';

/** The demo's pages, also asked by `npm run eval:documents` (the questions people ask of a business's own rules). */
export const HANDBOOK = [
  'Fleet safety handbook. Section 1: Before every trip. Walk around the truck and check the lights, mirrors and tires. ' +
    'The tire pressure of a loaded trailer must be 110 psi, measured cold. Report any damage in the trip log before leaving the yard.',
  'Section 2: Driving hours. A driver may drive at most 11 hours after 10 consecutive hours off duty. ' +
    'A 30-minute break is required after 8 hours of driving. Hours are recorded in the electronic logging device.',
  '',
  'Section 4: Maintenance. Brake pads are inspected every 20,000 miles and replaced below 3 mm. ' +
    'Engine oil is changed every 15,000 miles. Every repair is written in the maintenance book with the date and the odometer reading.',
];
export const HOUSE_RULES = [
  'Blue Note Club house rules. Doors open at 8 PM and close at 2 AM. Guests must be 21 or older and show a valid photo ID at the door.',
  'Table reservations are held for 15 minutes after the booked time. A reservation for more than 8 guests needs a deposit of $50.',
  'Dress code: smart casual. Sportswear and flip-flops are not allowed. The management may refuse entry to anyone at the door.',
];

/** A PDF of these pages' text (an empty page: a grey block, as a scan with no text). */
export function pdf(pages: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const text of pages) {
    doc.addPage();
    if (text) doc.fontSize(12).text(text, { width: 460 });
    else doc.rect(72, 72, 460, 600).fill('#b0b0b0');
  }
  doc.end();
  return done;
}

export async function seedDocumentsDemo(db: Db, storage: FileStorage, now: number): Promise<void> {
  const demos = [
    { email: 'trucker@demo.test', fileName: 'fleet-safety-handbook.pdf', pages: HANDBOOK },
    { email: 'clubowner@demo.test', fileName: 'house-rules.pdf', pages: HOUSE_RULES },
  ];
  for (const demo of demos) {
    const [user] = await db
      .select({ id: users.id, businessId: users.businessId })
      .from(users)
      .where(eq(users.email, demo.email));
    if (!user?.businessId) continue;
    const bytes = await pdf(demo.pages);
    const key = `documents/${randomBytes(16).toString('hex')}.pdf`;
    await storage.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
    await db.insert(documents).values({
      businessId: user.businessId,
      uploadedBy: user.id,
      fileName: demo.fileName,
      storageKey: key,
      sizeBytes: bytes.length,
      pages: demo.pages.length,
      status: 'processing',
      createdAt: new Date(now),
    });
  }
}
