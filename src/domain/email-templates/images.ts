/**
 * Pictures for a visual template's image blocks, uploaded through the storage adapter
 * (docs/email-templates.md, "Pictures"): PNG, JPEG, WebP or GIF up to 5 MB, kept under a random
 * name and served without sign-in — a mail app fetches them with no session, as it would from any
 * https address. A block keeps the picture's path; the MJML names it with the app's address.
 */
import { MESSAGES } from '../messages';
import { EMAIL_TEMPLATES_API } from './api';

export const EMAIL_IMAGE = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const,
} as const;

/** The path of an uploaded picture: our route, a 128-bit random name and the type's extension. */
export const OWN_IMAGE = /^\/api\/email-templates\/images\/[0-9a-f]{32}\.(?:png|jpg|webp|gif)$/;
export const isOwnImage = (src: string) => OWN_IMAGE.test(src);

/** A stored picture's path from its name. */
export const ownImagePath = (name: string) => EMAIL_TEMPLATES_API.image.replace(':file', name);

/** Why a picked file cannot be uploaded, checked before a byte is sent (the server checks again). */
export function emailImageRefusal(file: { size: number; type: string }): string | null {
  if (!(EMAIL_IMAGE.types as readonly string[]).includes(file.type)) return MESSAGES.emailImageType;
  if (file.size > EMAIL_IMAGE.maxBytes) return MESSAGES.emailImageTooLarge;
  return null;
}
