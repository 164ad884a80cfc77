// @vitest-environment node
/**
 * storage's decodeImage, the one way the resized pictures and the gallery read an upload through
 * sharp: it tells a storage read that fails (the server's fault: the read's own error, a 500) from
 * a picture over its pixel limit or one that does not decode (a 400 naming the field), and lets a
 * 400 of the caller's own pass as it is.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { badRequest, HttpError } from '../../server/http/errors';
import { decodeImage, type DecodeImageRule } from '../../server/modules/storage';
import { PNG, pngClaiming } from '../api/helpers/images';

const RULE: DecodeImageRule = {
  maxPixels: 1_000_000,
  messages: { pixels: 'galleryImagePixels', unreadable: 'galleryImageUnreadable' },
};
const width = (bytes: Buffer) =>
  decodeImage(RULE, 'image', Readable.from([bytes]), async (image) => (await image.metadata()).width);

/** The 400 a promise is refused with: its status, message and field errors. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) =>
      err instanceof HttpError ? { status: err.statusCode, message: err.message, errors: err.errors } : err,
  );

describe('decodeImage', () => {
  it('answers what the caller reads of a real picture', async () => {
    expect(await width(PNG)).toBe(1);
  });

  it('refuses a picture over the pixel limit undecoded, and a damaged file, as 400s naming the field', async () => {
    expect(await refusal(width(pngClaiming(2000, 2000)))).toEqual({
      status: 400,
      message: MESSAGES.galleryImagePixels,
      errors: { image: MESSAGES.galleryImagePixels },
    });
    expect(await refusal(width(Buffer.from('not a picture at all')))).toEqual({
      status: 400,
      message: MESSAGES.galleryImageUnreadable,
      errors: { image: MESSAGES.galleryImageUnreadable },
    });
  });

  it("keeps a failed storage read the server's error, not a damaged picture", async () => {
    const broken = new Error('the bucket hung up');
    const body = new Readable({
      read() {
        this.push(PNG.subarray(0, 20));
        this.destroy(broken);
      },
    });
    const answer = decodeImage(RULE, 'image', body, (image) => image.toBuffer());
    await expect(answer).rejects.toBe(broken);
  });

  it("lets the caller's own 400 pass as it is", async () => {
    const own = badRequest(MESSAGES.galleryImageUnreadable, { image: 'no size' });
    await expect(
      decodeImage(RULE, 'image', Readable.from([PNG]), async () => {
        throw own;
      }),
    ).rejects.toBe(own);
  });
});
