/**
 * Deleting a document removes its chat (docs/document-chat.md, *Calls*), also a question being
 * answered at that moment: the answer (and the question when it is written after the delete)
 * would otherwise stay in the database of a document whose chat is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { documentMessages } from '../../server/modules/documents/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { uploadReady } from './helpers/documents';
import { makePdf, manualPage } from './helpers/pdfs';

const work = mkdtempSync(join(tmpdir(), 'bo-documents-delete-'));
let t: TestApp;
let who: { token: string; businessId: string };
let origin: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  const { access, res } = await t.login('trucker@demo.test');
  who = { token: access, businessId: res.json().result.business.id };
  const port = (t.app.server.address() as AddressInfo | null)?.port;
  origin = port ? `http://127.0.0.1:${port}` : await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const readyDocument = async () => uploadReady(t, who, await makePdf([manualPage(1), manualPage(2), manualPage(3)]));

/**
 * Asks about the document over a real socket; at the first word of the answer the document is
 * deleted, and the asker reads on to the end. Resolves with what it read and the delete's status.
 */
function askAndDeleteAtFirstWord(doc: { id: string; fileId: string }): Promise<{ wire: string; deleted: number }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/Documents/message',
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      },
      (res) => {
        let seen = '';
        let deleting: Promise<number> | null = null;
        res.setEncoding('utf8');
        res.on('data', (piece: string) => {
          seen += piece;
          if (deleting || !seen.includes('event: token')) return;
          deleting = t
            .call({
              method: 'DELETE',
              url: `/api/Documents?businessId=${who.businessId}&documentId=${doc.id}`,
              token: who.token,
            })
            .then((del) => del.statusCode);
        });
        res.on('end', () =>
          (deleting ?? Promise.resolve(0)).then((deleted) => resolve({ wire: seen, deleted }), reject),
        );
      },
    );
    req.on('error', reject);
    req.end(
      JSON.stringify({
        businessId: who.businessId,
        fileId: doc.fileId,
        text: 'How often is the air filter of unit 3 replaced?',
        isUserMessage: true,
      }),
    );
  });
}

const rowsOf = (documentId: string) =>
  t.db.database.db.select().from(documentMessages).where(eq(documentMessages.documentId, documentId));

describe('a document deleted while a question about it is answered', () => {
  it('keeps none of that exchange: the answer streams to its end, then its rows are gone', async () => {
    const doc = await readyDocument();
    const { wire, deleted } = await askAndDeleteAtFirstWord(doc);
    expect(deleted).toBe(200);
    // The answer still came (it was on its way), and the stream ended as always.
    expect(wire).toContain('event: answer');
    expect(wire).toContain('event: end');
    expect(await rowsOf(doc.id)).toEqual([]);
  });
});
