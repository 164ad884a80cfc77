/**
 * Counts the bytes going through and fails the stream the moment they pass the limit, so an
 * oversized upload stops where it stands instead of after it was received whole.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { FileTooLargeError } from './storage';

export class ByteLimit extends Transform {
  bytes = 0;

  constructor(readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(new FileTooLargeError(this.maxBytes));
    done(null, chunk);
  }
}
