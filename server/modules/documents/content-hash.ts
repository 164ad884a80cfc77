import { createHash } from 'node:crypto';

/** A PDF's content hash (documents.content_hash): two uploads with the same hash are one document. */
export const contentHashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
