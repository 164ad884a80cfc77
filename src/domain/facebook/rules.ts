/**
 * The Facebook screen's inputs, shared by its forms and the server so both say the same thing:
 * the OAuth callback the screen hands back, the page chosen, and a new page (Facebook's limits:
 * a page name of at most 75 characters, an "about" of at most 255).
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';

export const PAGE_NAME_MAX = 75;
export const PAGE_ABOUT_MAX = 255;

/**
 * Categories a new page may take, sent as Graph's `category_enum`: the ones a venue or club
 * fits. Facebook decides what it accepts; a refusal comes back as its own message.
 */
export const PAGE_CATEGORIES = [
  'LOCAL_BUSINESS',
  'BAR',
  'NIGHTLIFE',
  'RESTAURANT',
  'EVENT_PLANNER',
  'CONCERT_VENUE',
] as const;
export type PageCategory = (typeof PAGE_CATEGORIES)[number];

/** A new page's optional picture: PNG or JPEG up to 4 MB (checked again by its bytes on the server). */
export const PAGE_PICTURE = { maxBytes: 4 * 1024 * 1024, types: ['image/png', 'image/jpeg'] } as const;

/**
 * Why a file cannot be the new page's picture, or null: the form asks it of the file chosen (its
 * declared type), the server of the bytes that arrived (their sniffed type), so both refuse the
 * same files with the same message.
 */
export function pagePictureRefusal(file: { type: string; size: number }): string | null {
  if (!(PAGE_PICTURE.types as readonly string[]).includes(file.type)) return MESSAGES.facebookPictureType;
  if (file.size > PAGE_PICTURE.maxBytes) return MESSAGES.facebookPictureTooLarge;
  return null;
}

/** Facebook's ids are decimal numbers, sent as strings. */
const FACEBOOK_ID = /^\d{1,32}$/;

export const callbackSchema = z.object({
  code: z.string({ error: MESSAGES.facebookStateInvalid }).check(z.minLength(1), z.maxLength(2000)),
  state: z.string({ error: MESSAGES.facebookStateInvalid }).check(z.minLength(1), z.maxLength(1000)),
});
export type CallbackInput = z.infer<typeof callbackSchema>;

export const savePageSchema = z.object({
  pageId: z
    .string({ error: MESSAGES.facebookPageChoose })
    .check(z.trim(), z.regex(FACEBOOK_ID, MESSAGES.facebookPageChoose)),
});
export type SavePageInput = z.infer<typeof savePageSchema>;

export const createPageSchema = z.object({
  name: z
    .string({ error: MESSAGES.facebookPageNameRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.facebookPageNameRequired),
      z.maxLength(PAGE_NAME_MAX, formatMessage('facebookPageNameTooLong', { max: PAGE_NAME_MAX })),
    ),
  category: z.enum(PAGE_CATEGORIES, { error: MESSAGES.facebookPageCategoryInvalid }),
  about: z._default(
    z
      .string({ error: MESSAGES.mustBeText })
      .check(z.trim(), z.maxLength(PAGE_ABOUT_MAX, formatMessage('facebookPageAboutTooLong', { max: PAGE_ABOUT_MAX }))),
    '',
  ),
});
export type CreatePageInput = z.infer<typeof createPageSchema>;
