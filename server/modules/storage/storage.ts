/**
 * One storage adapter for every file the product keeps (profile pictures today; gallery images
 * and their thumbnails, PDF documents and the file manager next). Two drivers behind this one
 * interface, chosen by configuration (create-storage.ts): the local disk under DATA_DIR, or an
 * S3-compatible bucket. Routes never touch paths or buckets themselves.
 *
 * Keys are `folder/…/name.ext` in a fixed character set (keys.ts); the extension decides the
 * content type a file is served with, on both drivers, so a file reads back the same wherever it
 * is kept and the type is never taken from what a client declared.
 */
import type { Readable } from 'node:stream';

export interface StoredFile {
  /** Bytes stored. */
  size: number;
  /** Opaque version tag (compare for equality only; the drivers compute it differently). */
  etag: string;
}

export interface FileInfo extends StoredFile {
  contentType: string;
  lastModified: Date;
}

export interface FileRead extends FileInfo {
  /** The bytes. The caller must read it to the end or destroy it. */
  body: Readable;
  /** Bytes in `body`: `size`, or fewer when only the first ones were asked for (GetOptions). */
  length: number;
}

export interface GetOptions {
  /**
   * Only the first this many bytes (a preview of a long text): the store reads no more than that
   * (a byte range on the disk, an HTTP Range on S3). `size` stays the whole file's.
   */
  firstBytes?: number;
}

export interface ListedFile {
  key: string;
  size: number;
  lastModified: Date;
}

export interface PutOptions {
  /**
   * The most bytes this file may have (the size limit of its kind, kinds.ts). The upload stops
   * as soon as the stream passes it, nothing is stored, and put rejects with FileTooLargeError.
   */
  maxBytes: number;
}

export interface FileStorage {
  readonly driver: 'disk' | 's3';
  /**
   * Stores the stream under `key` (replacing a file already there) without holding it in
   * memory. Readers see the old file or the whole new one, never a part.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<StoredFile>;
  /** The file (or its first bytes), or null when there is none under this key. */
  get(key: string, options?: GetOptions): Promise<FileRead | null>;
  /** Size, type and version of the file, or null when there is none. */
  head(key: string): Promise<FileInfo | null>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix`, in key order (for sweeps and totals, not pages). */
  list(prefix: string): AsyncIterable<ListedFile>;
}

/** The stream passed the size limit of its kind; nothing was stored. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/**
 * A key outside the allowed shape. Keys are built by the server, never taken from a client as
 * they are, so this is a bug in the caller (answered as a 500), not bad input.
 */
export class StorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`invalid storage key ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'StorageKeyError';
  }
}

/** The store answered something other than success (S3 errors carry their code). */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}
