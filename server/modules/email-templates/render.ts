/**
 * MJML source → the HTML and the text part a version keeps (placeholders still in), and the
 * findings (src/domain/email-templates/checks.ts). Source that does not parse answers 400 with
 * its line and message on `mjml`, and nothing is stored: the tags' nesting (mjml-structure.ts),
 * then mjml's own validator at its strict level — an unknown element or attribute would render as
 * something other than what was written.
 */
import mjml2html from 'mjml';
import { convert } from 'html-to-text';
import { checkTemplate, type Finding } from '../../../src/domain/email-templates/checks';
import { KIND_VARIABLES } from '../../../src/domain/email-templates/kinds';
import { MJML_RENDER_OPTIONS, type EmailSource } from '../../../src/domain/email-templates/rules';
import { substitute } from '../../../src/domain/email-templates/variables';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { badRequest } from '../../http/errors';
import { mjmlFindingMessage } from './mjml-messages';
import { structureError, type SourceError } from './mjml-structure';

export interface Rendered {
  html: string;
  text: string;
  findings: Finding[];
}

interface MjmlIssue {
  line: number;
  message: string;
  tagName?: string;
}

const refuse = (e: SourceError) =>
  badRequest(MESSAGES.invalidInput, { mjml: formatMessage('emailTemplateMjmlInvalid', { ...e }) });

/**
 * The text part: links kept as "label [url]", images dropped (their alt text is in the HTML).
 * Not wrapped: it is made once with the placeholders in, so a wrap there would fall where the
 * short `{{code}}` was, not where the filled-in text ends (a date cut from its sentence, a 6-digit
 * code from its "code is").
 */
export const textOf = (html: string) =>
  convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();

async function toHtml(mjml: string): Promise<string> {
  const structural = structureError(mjml);
  if (structural) throw refuse(structural);
  let result: { html: string; errors: MjmlIssue[] };
  try {
    // soft: mjml answers its validator's errors with their lines instead of one joined message.
    result = await mjml2html(mjml, { validationLevel: 'soft', keepComments: false, ...MJML_RENDER_OPTIONS });
  } catch (err) {
    throw refuse({
      line: 1,
      message: mjmlFindingMessage({ message: err instanceof Error ? err.message : String(err) }),
    });
  }
  const first = result.errors[0];
  if (first) throw refuse({ line: first.line, message: mjmlFindingMessage(first) });
  return result.html;
}

/** Renders and checks a template's source: what a version stores. */
export async function renderSource(source: EmailSource): Promise<Rendered> {
  const html = await toHtml(source.mjml);
  const text = textOf(html);
  return { html, text, findings: checkTemplate({ ...source, html, text }) };
}

/** The sample contact, business… of the template's kind filled in: the preview and the test send. */
export function withSampleData(source: EmailSource, rendered: Rendered) {
  const values = KIND_VARIABLES[source.kind];
  return {
    subject: substitute(source.subject, values),
    html: substitute(rendered.html, values, true),
    text: substitute(rendered.text, values),
  };
}
