/**
 * The kinds of file the product stores, each with its folder, size limit and accepted types
 * (decided from the file's first bytes, never from the name or the client's declared type).
 * A new kind (gallery image, PDF document, file-manager file) is one more entry here.
 */
import { MESSAGES } from '../../../src/domain/messages';
import { PROOF } from '../../../src/domain/reports/deliveries';
import { AVATAR } from '../../../src/domain/schemas/profile';
import { GALLERY_IMAGE } from '../../../src/domain/gallery/gallery';
import { LOGO } from '../../../src/domain/business/business-info';
import { ATTACHMENT as SERVICE_ATTACHMENT } from '../../../src/domain/service-tickets/service-tickets';
import { ATTACHMENT } from '../../../src/domain/support/tickets';
import { recordImageTooLarge } from '../../../src/domain/resources/image';
import { RECORD_IMAGE } from '../../../src/domain/resources/image-paths';
import { EMAIL_IMAGE } from '../../../src/domain/email-templates/images';
import { contentTypeOf } from './keys';

export interface FileKind {
  /** First key segment: files of this kind are stored as `<folder>/<random>.<ext>`. */
  folder: string;
  maxBytes: number;
  /** Content types accepted, as sniffed from the bytes. */
  accept: readonly string[];
  /** The field's message when the file is over maxBytes. */
  tooLarge: string;
  /** The field's message when the bytes are not an accepted type. */
  wrongType: string;
}

export const FILE_KINDS = {
  /** A delivery's proof (a photo or a signature): PNG, JPEG or WebP up to 5 MB. */
  deliveryProof: {
    folder: 'delivery-proofs',
    maxBytes: PROOF.maxBytes,
    accept: PROOF.types,
    tooLarge: MESSAGES.proofTooLarge,
    wrongType: MESSAGES.proofType,
  },
  /** Profile pictures: PNG, JPEG, WebP or GIF up to 2 MB; no SVG (it can carry script). */
  avatar: {
    folder: 'avatars',
    maxBytes: AVATAR.maxBytes,
    accept: AVATAR.types,
    tooLarge: MESSAGES.avatarTooLarge,
    wrongType: MESSAGES.avatarType,
  },
  /** Gallery images: PNG, JPEG or WebP up to 10 MB (their thumbnails are made by the server). */
  galleryImage: {
    folder: 'gallery',
    maxBytes: GALLERY_IMAGE.maxBytes,
    accept: GALLERY_IMAGE.types,
    tooLarge: MESSAGES.galleryImageTooLarge,
    wrongType: MESSAGES.galleryImageType,
  },
  /**
   * A business's logo as uploaded: PNG, JPEG or WebP up to 2 MB. Only read once, to make the
   * resized copy the business shows (server/modules/business/logo-store.ts), then removed.
   */
  logo: {
    folder: 'logo-uploads',
    maxBytes: LOGO.maxBytes,
    accept: LOGO.types,
    tooLarge: MESSAGES.logoTooLarge,
    wrongType: MESSAGES.logoType,
  },
  /** A support ticket's attachment: a screenshot (PNG, JPEG, WebP, GIF) or a PDF, up to 5 MB. */
  supportAttachment: {
    folder: 'support',
    maxBytes: ATTACHMENT.maxBytes,
    accept: ATTACHMENT.types,
    tooLarge: MESSAGES.supportAttachmentTooLarge,
    wrongType: MESSAGES.supportAttachmentType,
  },
  /** A service ticket's attachment (a job's photo or document): PDF, PNG, JPEG or WebP up to 10 MB. */
  serviceAttachment: {
    folder: 'service-tickets',
    maxBytes: SERVICE_ATTACHMENT.maxBytes,
    accept: SERVICE_ATTACHMENT.types,
    tooLarge: MESSAGES.attachmentTooLarge,
    wrongType: MESSAGES.attachmentType,
  },
  /**
   * A declared resource's picture as uploaded (an 'image' field): PNG, JPEG or WebP up to 5 MB.
   * Read once to make the resized copy and thumbnail the record shows
   * (server/resources/image-store.ts), then removed.
   */
  recordImage: {
    folder: 'record-image-uploads',
    maxBytes: RECORD_IMAGE.maxBytes,
    accept: RECORD_IMAGE.types,
    tooLarge: recordImageTooLarge,
    wrongType: MESSAGES.recordImageType,
  },
  /**
   * A picture for an email template's image block: PNG, JPEG, WebP or GIF up to 5 MB, served
   * without sign-in under its random name (server/modules/email-templates/image-routes.ts).
   */
  emailImage: {
    folder: 'email-images',
    maxBytes: EMAIL_IMAGE.maxBytes,
    accept: EMAIL_IMAGE.types,
    tooLarge: MESSAGES.emailImageTooLarge,
    wrongType: MESSAGES.emailImageType,
  },
} as const satisfies Record<string, FileKind>;

export type FileKindName = keyof typeof FILE_KINDS;

/** How many leading bytes sniffType needs. */
export const SNIFF_BYTES = 12;

const SIGNATURES: { ext: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  // A PDF starts with its version line ("%PDF-1.7"); kinds that do not accept PDF still refuse it.
  { ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** The file extension these leading bytes are a signature of, or null. */
export function sniffType(head: Buffer): string | null {
  if (head.length < SNIFF_BYTES) return null;
  return SIGNATURES.find((s) => s.test(head))?.ext ?? null;
}

/**
 * The content type these leading bytes are a signature of ('image/png'), as the domain's lists of
 * accepted types name it, or null: what a file is, whatever its name or declared type says.
 */
export function sniffContentType(head: Buffer): string | null {
  const ext = sniffType(head);
  return ext ? contentTypeOf(`x.${ext}`) : null;
}
