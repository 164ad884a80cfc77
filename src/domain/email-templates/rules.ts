/**
 * What an email template's form sends, checked by the form as the user types and by the server
 * on every write (one schema, the same messages). The MJML source is capped at 500 KB: far above
 * any real mail (Gmail clips the HTML at 102 KB), low enough that rendering stays quick. A body
 * far larger (a 5 MB file) never reaches this: the server's body limit answers 413 first.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { emailDesignSchema } from './blocks';
import { STARTER_WORDS_EN, starterDesign, type StarterWords } from './blocks-new';
import { EMAIL_TEMPLATE_KINDS } from './kinds';
import { placeholdersClosed, unclosedMessage } from '../templates/braces';
import { oneLine } from '../schemas/one-line';

/**
 * mjml's options that the live preview (mjml-browser) and the server's render share, so the preview
 * is the mail: no web fonts imported. mjml links Google Fonts for its default "Ubuntu" font stack,
 * an outside service the product does not depend on (and the page's CSP refuses); the stack falls
 * back to Helvetica and Arial. A template's own mj-font still imports the font it names.
 */
export const MJML_RENDER_OPTIONS = { fonts: {} } as const;

export const EMAIL_TEMPLATE_LIMITS = {
  name: 120,
  subject: 200,
  /** Characters of MJML source (500 KB of ASCII). */
  mjml: 500 * 1024,
} as const;

const sourceFields = {
  kind: z.enum(EMAIL_TEMPLATE_KINDS, { error: MESSAGES.emailTemplateKindInvalid }),
  subject: z
    .string({ error: MESSAGES.emailTemplateSubjectRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.emailTemplateSubjectRequired),
      z.maxLength(
        EMAIL_TEMPLATE_LIMITS.subject,
        formatMessage('emailTemplateSubjectTooLong', { max: EMAIL_TEMPLATE_LIMITS.subject }),
      ),
      oneLine(),
      placeholdersClosed,
    ),
  mjml: z.string({ error: MESSAGES.emailTemplateSourceRequired }).check(
    z.refine((s) => s.trim().length > 0, MESSAGES.emailTemplateSourceRequired),
    z.maxLength(
      EMAIL_TEMPLATE_LIMITS.mjml,
      formatMessage('emailTemplateSourceTooLarge', { max: EMAIL_TEMPLATE_LIMITS.mjml / 1024 }),
    ),
  ),
  /**
   * A visual template's blocks (blocks.ts): with them, the server renders the MJML it makes from
   * them (blocks-mjml.ts) in place of the `mjml` sent. Null or absent: a source template.
   */
  blocks: z.optional(z.nullable(emailDesignSchema)),
};

/**
 * Written source's placeholders closed (a visual template's are checked on its blocks' texts,
 * blocks.ts, where the editor shows them: a line of the MJML made from them means nothing there).
 */
const sourceClosed = z.superRefine((v: { mjml: string; blocks?: unknown }, ctx) => {
  if (v.blocks) return;
  const message = unclosedMessage(v.mjml);
  if (message) ctx.addIssue({ code: 'custom', message, path: ['mjml'], input: v.mjml });
});

/** Source to render without saving it: the preview and the test send. */
export const emailSourceSchema = z.object(sourceFields).check(sourceClosed);
export type EmailSource = z.output<typeof emailSourceSchema>;

/** A template as saved: its name and its source (each save is a new version). */
export const emailTemplateSchema = z
  .object({
    name: z.string({ error: MESSAGES.emailTemplateNameRequired }).check(
      z.trim(),
      // One form of each accented letter (é typed as e + ´ is é), so the server's comparison of
      // names without case (a name is its owner's once) meets the same letters.
      z.overwrite((name) => name.normalize('NFC')),
      z.minLength(1, MESSAGES.emailTemplateNameRequired),
      z.maxLength(
        EMAIL_TEMPLATE_LIMITS.name,
        formatMessage('emailTemplateNameTooLong', { max: EMAIL_TEMPLATE_LIMITS.name }),
      ),
    ),
    ...sourceFields,
  })
  .check(sourceClosed);
export type EmailTemplateInput = z.output<typeof emailTemplateSchema>;

/** The source a new template starts from: a heading, a greeting with a fallback, a button. */
export const starterMjml = (words: StarterWords = STARTER_WORDS_EN) => `<mjml>
  <mj-body background-color="#f4f4f5">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="22px" font-weight="bold">{{business.name}}</mj-text>
        <mj-text font-size="16px" line-height="24px">${words.greeting}</mj-text>
        <mj-text font-size="16px" line-height="24px">${words.thanks}</mj-text>
        <mj-button href="https://example.com" background-color="#1677ff">${words.visit}</mj-button>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;
export const STARTER_MJML = starterMjml();

/** A new template starts in the visual mode, from the starter design, in the words given (the screen's language). */
export const blankEmailTemplate = (words: StarterWords = STARTER_WORDS_EN): EmailTemplateInput => ({
  name: '',
  kind: 'general',
  subject: words.subject,
  mjml: starterMjml(words),
  blocks: starterDesign(words),
});
