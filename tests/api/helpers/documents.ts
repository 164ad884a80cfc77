import { expect } from 'vitest';
import type { TestApp } from './app';
import { multipartBody } from './multipart-body';

/** Who uploads and asks: a signed-in user's token and their business. */
export interface DocumentUser {
  token: string;
  businessId: string;
}

/**
 * Uploads a PDF as `who` and waits until the indexer has read it (the upload answers at once, the
 * reading goes on in the background); a failed read fails the test with the document's error.
 */
export async function uploadReady(
  t: TestApp,
  who: DocumentUser,
  bytes: Buffer,
  filename = 'manual.pdf',
): Promise<{ id: string; fileId: string }> {
  const res = await t.call({
    method: 'POST',
    url: '/api/Documents/upload',
    token: who.token,
    ...multipartBody({}, [{ name: 'file', filename, type: 'application/pdf', bytes }]),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id, fileId } = res.json().result as { id: string; fileId: string };
  for (let i = 0; i < 300; i++) {
    const doc = (
      await t.call({
        method: 'GET',
        url: `/api/Documents?businessId=${who.businessId}&documentId=${id}`,
        token: who.token,
      })
    ).json().result;
    if (doc.status === 'ready') return { id, fileId };
    if (doc.status === 'failed') throw new Error(`${filename}: indexing failed: ${doc.error}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${filename} never ready`);
}
