/**
 * The visual mode's model (docs/email-templates.md, "The visual mode"): a template designed with
 * blocks is a list of them — text, image, button, divider, and columns (two or three, each holding
 * the other blocks) — each top-level block in a section of its own (background, padding). The
 * block list is the one source of truth: blocks-mjml.ts turns it into the MJML that goes through
 * the usual render, checks and versions. The form checks it as it is edited and the server on
 * every write, with this one schema and its messages.
 *
 * A text block's text is plain text with three marks: **bold**, *italic* and [a link](https://…);
 * a line break is kept. Variables (`{{contact.firstName | "there"}}`) are written as in MJML.
 */
import * as z from 'zod/mini';
import { placeholdersClosed } from '../templates/braces';
import { formatMessage, MESSAGES } from '../messages';
import { isOwnImage } from './images';
import { hostIsMalformed } from '../url-host';

export const BLOCK_TYPES = ['text', 'image', 'button', 'divider', 'columns'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
/** What a column may hold: every block but columns. */
export const COLUMN_BLOCK_TYPES = ['text', 'image', 'button', 'divider'] as const;

export const BLOCK_LIMITS = {
  /** Top-level blocks of one design. */
  blocks: 60,
  /** Blocks in one column. */
  columnBlocks: 10,
  text: 5000,
  label: 80,
  alt: 300,
  url: 2000,
  idLength: 40,
  fontSize: { min: 10, max: 48 },
  imageWidth: { min: 20, max: 600 },
  padding: { min: 0, max: 80 },
  thickness: { min: 1, max: 8 },
} as const;

/** A link in a text block: `[label](url)`; the url runs to the first space or `)`. */
export const TEXT_LINK = /\[([^\]\n]+)\]\(([^)\s]*)\)/g;

const HEX = /^#[0-9a-fA-F]{6}$/;
const colour = z
  .string({ error: MESSAGES.emailBlockColourInvalid })
  .check(z.regex(HEX, MESSAGES.emailBlockColourInvalid));

const whole = (range: { min: number; max: number }) =>
  z
    .number({ error: formatMessage('emailBlockNumberRange', range) })
    .check(
      z.int(formatMessage('emailBlockNumberRange', range)),
      z.gte(range.min, formatMessage('emailBlockNumberRange', range)),
      z.lte(range.max, formatMessage('emailBlockNumberRange', range)),
    );

/**
 * A web address a mail may point at: https only (a `javascript:` or `data:` address is refused,
 * an http: one too, as mail apps warn of it), at most 2,000 characters.
 */
export const isHttpsUrl = (value: string) => {
  if (!/^https:\/\//i.test(value)) return false;
  // Not left to the URL parser alone (url-host.ts): Chromium's took 'https://exa mple.com', so the
  // editor let it through and the server refused the save with no message on screen.
  if (hostIsMalformed(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
};
const httpsUrl = (required: string) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(BLOCK_LIMITS.url, formatMessage('textTooLong', { max: BLOCK_LIMITS.url })),
      z.refine(isHttpsUrl, MESSAGES.emailBlockUrlHttps),
    );
/** An optional link: empty is none. */
const optionalLink = z.optional(
  z.string({ error: MESSAGES.emailBlockUrlHttps }).check(
    z.trim(),
    z.maxLength(BLOCK_LIMITS.url, formatMessage('textTooLong', { max: BLOCK_LIMITS.url })),
    z.refine((s) => s === '' || isHttpsUrl(s), MESSAGES.emailBlockUrlHttps),
  ),
);

/** A text link's address: https:, or mailto: for an address to write to. */
const textLinkOk = (url: string) => isHttpsUrl(url) || /^mailto:[^\s<>"]+@[^\s<>"]+$/i.test(url);

const align = z.enum(['left', 'center', 'right'], { error: MESSAGES.emailBlockAlignInvalid });
const id = z.string({ error: MESSAGES.invalidValue }).check(z.minLength(1), z.maxLength(BLOCK_LIMITS.idLength));

export const textBlock = z.object({
  id,
  type: z.literal('text'),
  text: z.string({ error: MESSAGES.emailBlockTextRequired }).check(
    z.refine((s) => s.trim().length > 0, MESSAGES.emailBlockTextRequired),
    z.maxLength(BLOCK_LIMITS.text, formatMessage('textTooLong', { max: BLOCK_LIMITS.text })),
    z.refine((s) => [...s.matchAll(TEXT_LINK)].every((m) => textLinkOk(m[2]!)), MESSAGES.emailBlockLinkInvalid),
    placeholdersClosed,
  ),
  fontSize: whole(BLOCK_LIMITS.fontSize),
  bold: z.boolean({ error: MESSAGES.mustBeBoolean }),
  color: colour,
  align,
});

export const imageBlock = z.object({
  id,
  type: z.literal('image'),
  /** An https address, or the path of a picture uploaded here (images.ts). */
  src: z.string({ error: MESSAGES.emailBlockImageSrcRequired }).check(
    z.trim(),
    z.minLength(1, MESSAGES.emailBlockImageSrcRequired),
    z.maxLength(BLOCK_LIMITS.url, formatMessage('textTooLong', { max: BLOCK_LIMITS.url })),
    z.refine((s) => isHttpsUrl(s) || isOwnImage(s), MESSAGES.emailBlockImageSrcInvalid),
  ),
  alt: z
    .string({ error: MESSAGES.emailBlockImageAltRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.emailBlockImageAltRequired),
      z.maxLength(BLOCK_LIMITS.alt, formatMessage('textTooLong', { max: BLOCK_LIMITS.alt })),
    ),
  width: whole(BLOCK_LIMITS.imageWidth),
  href: optionalLink,
  align,
});

export const buttonBlock = z.object({
  id,
  type: z.literal('button'),
  label: z
    .string({ error: MESSAGES.emailBlockLabelRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.emailBlockLabelRequired),
      z.maxLength(BLOCK_LIMITS.label, formatMessage('textTooLong', { max: BLOCK_LIMITS.label })),
      placeholdersClosed,
    ),
  href: httpsUrl(MESSAGES.emailBlockUrlRequired),
  background: colour,
  color: colour,
  align,
});

export const dividerBlock = z.object({
  id,
  type: z.literal('divider'),
  color: colour,
  thickness: whole(BLOCK_LIMITS.thickness),
});

const unknownType = { error: MESSAGES.emailBlockTypeUnknown };
/** What a column holds. */
export const columnBlock = z.discriminatedUnion(
  'type',
  [textBlock, imageBlock, buttonBlock, dividerBlock],
  unknownType,
);

/** A top-level block's section: its background and its padding (px, all sides). */
export const sectionSettings = z.object({ background: colour, padding: whole(BLOCK_LIMITS.padding) });
export type SectionSettings = z.output<typeof sectionSettings>;
const sectionFields = { section: sectionSettings };

export const columnsBlock = z.object({
  id,
  type: z.literal('columns'),
  columns: z
    .array(
      z.object({
        blocks: z
          .array(columnBlock)
          .check(
            z.maxLength(
              BLOCK_LIMITS.columnBlocks,
              formatMessage('emailBlockColumnTooMany', { max: BLOCK_LIMITS.columnBlocks }),
            ),
          ),
      }),
      { error: MESSAGES.emailBlockColumnsCount },
    )
    .check(z.minLength(2, MESSAGES.emailBlockColumnsCount), z.maxLength(3, MESSAGES.emailBlockColumnsCount)),
  ...sectionFields,
});

export const designBlock = z.discriminatedUnion(
  'type',
  [
    z.extend(textBlock, sectionFields),
    z.extend(imageBlock, sectionFields),
    z.extend(buttonBlock, sectionFields),
    z.extend(dividerBlock, sectionFields),
    columnsBlock,
  ],
  unknownType,
);

/** A template's design: the mail's background and its blocks, top to bottom. */
export const emailDesignSchema = z.object({
  background: colour,
  blocks: z
    .array(designBlock, { error: MESSAGES.emailBlocksRequired })
    .check(
      z.minLength(1, MESSAGES.emailBlocksRequired),
      z.maxLength(BLOCK_LIMITS.blocks, formatMessage('emailBlocksTooMany', { max: BLOCK_LIMITS.blocks })),
    ),
});

export type EmailDesign = z.output<typeof emailDesignSchema>;
export type DesignBlock = z.output<typeof designBlock>;
export type ColumnBlock = z.output<typeof columnBlock>;
export type ColumnsBlock = z.output<typeof columnsBlock>;
export type TextBlock = z.output<typeof textBlock>;
export type ImageBlock = z.output<typeof imageBlock>;
export type ButtonBlock = z.output<typeof buttonBlock>;
export type DividerBlock = z.output<typeof dividerBlock>;
/** Any block, top-level (with its section) or in a column. */
export type AnyBlock = DesignBlock | ColumnBlock;
