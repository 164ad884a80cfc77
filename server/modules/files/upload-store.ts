/**
 * An uploaded file's bytes into the storage adapter (`files/<random>.<ext>`), streamed with the
 * size limit checked as they arrive and their CRC-32 taken on the way (a folder's zip names it
 * before the bytes, so the zip streams in one pass). The type comes from the name's extension,
 * from an allow-list; an image or a PDF must also start with its own signature, so a renamed
 * program is not kept as a picture.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { extensionOf, FILES, storedName, uploadRefusal } from '../../../src/domain/files/rules';
import { badRequest } from '../../http/errors';
import { FileTooLargeError, peek, sniffType, SNIFF_BYTES, type FileStorage } from '../storage';
import { mimeOf } from './mime';

export interface ManagedUpload {
  field: string;
  name: string;
  key: string;
  size: number;
  mime: string;
  crc32: number;
}

/** Extensions whose first bytes must say so (sniffType's names: jpeg is jpg). */
const SIGNED: Record<string, string> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', gif: 'gif', webp: 'webp', pdf: 'pdf' };

export async function storeManagedFile(
  storage: FileStorage,
  field: string,
  fileName: string,
  source: Readable,
): Promise<ManagedUpload> {
  const name = storedName(fileName);
  const refusal = uploadRefusal({ name, size: 0 });
  const refuse = (message: string) => {
    source.resume();
    return badRequest(message, { [field]: message });
  };
  if (refusal) throw refuse(refusal);
  const ext = extensionOf(name);
  const { head, body } = await peek(source, SNIFF_BYTES);
  if (SIGNED[ext] && sniffType(head) !== SIGNED[ext]) {
    body.destroy();
    throw refuse(MESSAGES.fileTypeRefused);
  }
  let crc = 0;
  async function* hashed() {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      crc = crc32(chunk, crc);
      yield chunk;
    }
  }
  const key = `files/${randomBytes(16).toString('hex')}.${ext}`;
  try {
    const stored = await storage.put(key, Readable.from(hashed(), { objectMode: false }), { maxBytes: FILES.maxBytes });
    return { field, name, key, size: stored.size, mime: mimeOf(ext), crc32: crc >>> 0 };
  } catch (err) {
    if (err instanceof FileTooLargeError) {
      const message = formatMessage('fileTooLarge', { max: FILES.maxBytes / 1024 / 1024 });
      throw badRequest(message, { [field]: message });
    }
    throw err;
  }
}
