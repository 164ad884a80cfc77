/**
 * The storage module's face: what other modules and the rest of the server use of it — file
 * storage, the upload kinds and the multipart upload helpers. Anything else in this folder is the
 * module's own (docs/architecture.md, "Where an area's files go").
 */
export { avatarKey, storeAvatarImage } from './avatar-image';
export { createStorage } from './create-storage';
export { cleanFileName } from './file-name';
export { FILE_KINDS, SNIFF_BYTES, sniffContentType, sniffType } from './kinds';
export type { FileKind } from './kinds';
export { decodeImage } from './decode-image';
export type { DecodeImageRule } from './decode-image';
export { readParts, registerMultipart, uploadHooks } from './multipart';
export { storeResizedImage } from './resized-image';
export type { ResizedImageRule } from './resized-image';
export { FileTooLargeError } from './storage';
export type { FileRead, FileStorage } from './storage';
export { peek, storeUpload } from './upload';
export type { StoredUpload } from './upload';
