/**
 * One way to read an uploaded picture through sharp, shared by the resized copies
 * (resized-image.ts) and the gallery's thumbnails: the stream is piped into a sharp that refuses
 * more than `maxPixels` undecoded (a decompression bomb) and fails on a damaged file, and what
 * goes wrong is told apart: a storage read that fails is the server's fault and stays a 500, a
 * picture over the limit or one that does not decode is a 400 naming `field`.
 *
 * sharp (native libvips) is loaded on first use, so starting the server does not pay for it.
 */
import type { Readable } from 'node:stream';
import type { Sharp } from 'sharp';
import { MESSAGES, type MessageCode } from '../../../src/domain/messages';
import { badRequest, HttpError } from '../../http/errors';

export interface DecodeImageRule {
  /** A picture of more pixels than this is refused undecoded. */
  maxPixels: number;
  /** The 400's message for a picture over maxPixels, and for a file that does not decode. */
  messages: { pixels: MessageCode; unreadable: MessageCode };
}

/**
 * What `read` makes of the picture in `body` (a resized copy, its size). A 400 that `read` throws
 * itself (a picture without a size) passes as it is.
 */
export async function decodeImage<T>(
  rule: DecodeImageRule,
  field: string,
  body: Readable,
  read: (image: Sharp) => Promise<T>,
): Promise<T> {
  const { default: sharp } = await import('sharp');
  const image = sharp({ limitInputPixels: rule.maxPixels, failOn: 'error' });
  // A read that fails part-way leaves sharp waiting for the rest for ever (its output waits for
  // the input's end), and an error passed to image.destroy would be emitted with no one to hear
  // it, ending the process: the failure is answered from here and sharp is stopped quietly.
  let sourceError: unknown = null;
  let sourceFailed: (err: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (sourceFailed = reject));
  failed.catch(() => undefined);
  body.on('error', (err) => {
    sourceError = err;
    sourceFailed(err);
    image.destroy();
  });
  body.pipe(image);
  try {
    return await Promise.race([read(image), failed]);
  } catch (err) {
    body.destroy();
    if (sourceError) throw sourceError;
    if (err instanceof HttpError) throw err;
    const code =
      err instanceof Error && /pixel limit/i.test(err.message) ? rule.messages.pixels : rule.messages.unreadable;
    throw badRequest(MESSAGES[code], { [field]: MESSAGES[code] });
  }
}
