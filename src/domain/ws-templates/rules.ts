/**
 * A WhatsApp message template (ws_template_management, ADMIN and CLUBOWNER; product brief section 3:
 * header with its format and text, a body with its default, a footer, up to 3 buttons). One
 * validator, run by the editor as the user types and by the server on every write, each rule with
 * its own message (src/domain/messages.ts). The rules are Meta's for message templates: a name of
 * lower-case letters, digits and `_`; header text ≤ 60 with at most one variable, or a media header
 * with an example file; body ≤ 1,024 with variables `{{1}}`, `{{2}}`… in order, none at the very
 * start or end, never two side by side, each with an example; footer ≤ 60 without variables; up to
 * 3 buttons, quick replies or call-to-action (one https web address with at most one variable at
 * its end, one phone number in E.164), labels ≤ 25. Uniqueness of the name is the server's.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { variablesOf, type Variable } from './variables';
import { hostIsMalformed } from '../url-host';

export const WS_CATEGORIES = ['marketing', 'utility', 'authentication'] as const;
export type WsCategory = (typeof WS_CATEGORIES)[number];

/** The languages offered (Meta's codes for the ones our users write in and their neighbours). */
export const WS_LANGUAGES = [
  'en',
  'en_US',
  'en_GB',
  'es',
  'es_ES',
  'es_MX',
  'es_AR',
  'pt_BR',
  'pt_PT',
  'fr',
  'de',
  'it',
  'nl',
] as const;
export type WsLanguage = (typeof WS_LANGUAGES)[number];

export const WS_HEADER_FORMATS = ['none', 'text', 'image', 'video', 'document'] as const;
export type WsHeaderFormat = (typeof WS_HEADER_FORMATS)[number];
export const WS_MEDIA_FORMATS: readonly WsHeaderFormat[] = ['image', 'video', 'document'];

export const WS_BUTTON_TYPES = ['quick_reply', 'url', 'phone_number'] as const;
export type WsButtonType = (typeof WS_BUTTON_TYPES)[number];

export const WS_LIMITS = {
  name: 512,
  header: 60,
  body: 1024,
  footer: 60,
  buttons: 3,
  buttonText: 25,
  url: 2000,
  phone: 20,
  example: 1024,
  note: 500,
} as const;

/**
 * The body a new template starts with (product brief section 3), by the language the template
 * is written in. Template content, not the screen's words: it goes to Meta under the template's
 * `language`, so the body and that code are chosen together (blankTemplate), not through i18next.
 */
export const WS_DEFAULT_BODIES = {
  en_US: 'We have an exciting offer {{1}}. Are you interested in hearing more?',
  es: 'Tenemos una oferta emocionante {{1}}. ¿Te interesa saber más?',
} as const satisfies Partial<Record<WsLanguage, string>>;
export const WS_DEFAULT_BODY = WS_DEFAULT_BODIES.en_US;

const NAME = /^[a-z0-9_]+$/;
/** E.164: a plus, then up to 15 digits, the first not 0. */
const E164 = /^\+[1-9]\d{6,14}$/;

const text = (max: number, message: string) =>
  z._default(z.string({ error: MESSAGES.mustBeText }).check(z.maxLength(max, message)), '');

const buttonSchema = z.object({
  type: z.enum(WS_BUTTON_TYPES, { error: MESSAGES.wsButtonTypeInvalid }),
  text: text(WS_LIMITS.buttonText, formatMessage('wsButtonTextTooLong', { max: WS_LIMITS.buttonText })),
  url: text(WS_LIMITS.url, MESSAGES.wsUrlInvalid),
  /** The value the URL's variable takes in the example (what follows the fixed part). */
  urlExample: text(WS_LIMITS.example, MESSAGES.wsUrlInvalid),
  phone: text(WS_LIMITS.phone, MESSAGES.wsPhoneInvalid),
});
export type WsButton = z.output<typeof buttonSchema>;

const fields = z.object({
  name: z
    .string({ error: MESSAGES.wsNameRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.wsNameRequired),
      z.maxLength(WS_LIMITS.name, formatMessage('wsNameTooLong', { max: WS_LIMITS.name })),
      z.regex(NAME, MESSAGES.wsNameFormat),
    ),
  category: z.enum(WS_CATEGORIES, { error: MESSAGES.wsCategoryInvalid }),
  language: z.enum(WS_LANGUAGES, { error: MESSAGES.wsLanguageInvalid }),
  headerFormat: z._default(z.enum(WS_HEADER_FORMATS, { error: MESSAGES.wsHeaderFormatInvalid }), 'none'),
  headerText: text(WS_LIMITS.header, formatMessage('wsHeaderTooLong', { max: WS_LIMITS.header })),
  headerExample: text(WS_LIMITS.example, MESSAGES.wsHeaderExampleRequired),
  headerMediaUrl: text(WS_LIMITS.url, MESSAGES.wsHeaderMediaUrl),
  body: z
    .string({ error: MESSAGES.wsBodyRequired })
    .check(z.maxLength(WS_LIMITS.body, formatMessage('wsBodyTooLong', { max: WS_LIMITS.body }))),
  bodyExamples: z._default(z.array(text(WS_LIMITS.example, MESSAGES.wsExampleRequired)), []),
  footer: text(WS_LIMITS.footer, formatMessage('wsFooterTooLong', { max: WS_LIMITS.footer })),
  buttons: z._default(
    z
      .array(buttonSchema)
      .check(z.maxLength(WS_LIMITS.buttons, formatMessage('wsButtonsMax', { max: WS_LIMITS.buttons }))),
    [],
  ),
});
export type WsTemplate = z.output<typeof fields>;

interface Issue {
  path: (string | number)[];
  message: string;
}

/** What is wrong with the variables of a text: a malformed group, a 0, a gap. */
function numberingIssue(vars: Variable[]): string | null {
  // A `{{` never closed is named where it is ("Placeholder at line 2 is not closed: {{1}"), as an
  // email template's is: the same reading of the braces (src/domain/templates/braces.ts).
  const open = vars.find((v) => !v.closed && v.raw !== '}}');
  if (open) return formatMessage('placeholderNotClosed', { line: open.line, placeholder: open.raw });
  for (const v of vars)
    if (v.index === null) return /^0+$/.test(v.inner) ? MESSAGES.wsVariableZero : MESSAGES.wsVariableMalformed;
  const seen = new Set(vars.map((v) => v.index!));
  for (let n = 1; n <= seen.size; n++) if (!seen.has(n)) return MESSAGES.wsVariablesGap;
  return null;
}

const isHttps = (value: string): string | null => {
  // Not left to the URL parser alone (url-host.ts): Chromium's takes a space in the host.
  if (hostIsMalformed(value)) return MESSAGES.wsUrlInvalid;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return /^[a-z][a-z0-9+.-]*:/i.test(value) ? MESSAGES.wsUrlHttps : MESSAGES.wsUrlInvalid;
  }
  return url.protocol === 'https:' && url.hostname ? null : MESSAGES.wsUrlHttps;
};

function headerIssues(t: WsTemplate, out: Issue[]) {
  if (t.headerFormat === 'text') {
    if (!t.headerText.trim()) return out.push({ path: ['headerText'], message: MESSAGES.wsHeaderTextRequired });
    const vars = variablesOf(t.headerText);
    if (vars.length > 1) return out.push({ path: ['headerText'], message: MESSAGES.wsHeaderOneVariable });
    const numbering = numberingIssue(vars);
    if (numbering) return out.push({ path: ['headerText'], message: numbering });
    if (vars.length && !t.headerExample.trim())
      out.push({ path: ['headerExample'], message: MESSAGES.wsHeaderExampleRequired });
  } else if (WS_MEDIA_FORMATS.includes(t.headerFormat)) {
    if (!t.headerMediaUrl.trim() || isHttps(t.headerMediaUrl.trim()))
      out.push({ path: ['headerMediaUrl'], message: MESSAGES.wsHeaderMediaUrl });
  }
}

function bodyIssues(t: WsTemplate, out: Issue[]) {
  const body = t.body;
  if (!body.trim()) return out.push({ path: ['body'], message: MESSAGES.wsBodyRequired });
  const vars = variablesOf(body);
  const numbering = numberingIssue(vars);
  if (numbering) return out.push({ path: ['body'], message: numbering });
  if (!vars.length) return;
  if (vars[0]!.start === body.length - body.trimStart().length)
    return out.push({ path: ['body'], message: MESSAGES.wsVariableAtStart });
  if (vars[vars.length - 1]!.end === body.trimEnd().length)
    return out.push({ path: ['body'], message: MESSAGES.wsVariableAtEnd });
  for (let i = 1; i < vars.length; i++)
    if (!body.slice(vars[i - 1]!.end, vars[i]!.start).trim())
      return out.push({ path: ['body'], message: MESSAGES.wsVariablesAdjacent });
  const count = Math.max(...vars.map((v) => v.index!));
  for (let i = 0; i < count; i++)
    if (!t.bodyExamples[i]?.trim()) out.push({ path: ['bodyExamples', i], message: MESSAGES.wsExampleRequired });
}

function buttonIssues(t: WsTemplate, out: Issue[]) {
  const quick = t.buttons.filter((b) => b.type === 'quick_reply').length;
  if (quick && quick < t.buttons.length) return out.push({ path: ['buttons'], message: MESSAGES.wsButtonsMixed });
  if (t.buttons.filter((b) => b.type === 'url').length > 1)
    return out.push({ path: ['buttons'], message: MESSAGES.wsOneUrlButton });
  if (t.buttons.filter((b) => b.type === 'phone_number').length > 1)
    return out.push({ path: ['buttons'], message: MESSAGES.wsOnePhoneButton });
  t.buttons.forEach((b, i) => {
    if (!b.text.trim()) out.push({ path: ['buttons', i, 'text'], message: MESSAGES.wsButtonTextRequired });
    if (b.type === 'url') {
      const url = b.url.trim();
      const vars = variablesOf(url);
      const bad = url ? isHttps(url.replace(/\{\{.*?\}\}/g, 'x')) : MESSAGES.wsUrlInvalid;
      if (bad) out.push({ path: ['buttons', i, 'url'], message: bad });
      else if (vars.length > 1 || (vars.length === 1 && vars[0]!.end !== url.length))
        out.push({ path: ['buttons', i, 'url'], message: MESSAGES.wsUrlVariable });
      else if (vars.length === 1 && numberingIssue(vars))
        out.push({ path: ['buttons', i, 'url'], message: numberingIssue(vars)! });
      else if (vars.length === 1 && !b.urlExample.trim())
        out.push({ path: ['buttons', i, 'urlExample'], message: MESSAGES.wsUrlExampleRequired });
    }
    if (b.type === 'phone_number' && !E164.test(b.phone.trim()))
      out.push({ path: ['buttons', i, 'phone'], message: MESSAGES.wsPhoneInvalid });
  });
}

/** Every rule across fields, in the order the editor shows them. Empty when the template is right. */
export function templateIssues(t: WsTemplate): Issue[] {
  const out: Issue[] = [];
  headerIssues(t, out);
  bodyIssues(t, out);
  if (variablesOf(t.footer).length) out.push({ path: ['footer'], message: MESSAGES.wsFooterNoVariables });
  buttonIssues(t, out);
  return out;
}

const templateRules = () =>
  z.superRefine((t: WsTemplate, ctx) => {
    for (const issue of templateIssues(t)) ctx.addIssue({ code: 'custom', ...issue, input: t });
  });

/** The template as the editor sends it and the server stores it. */
export const wsTemplateSchema = fields.check(templateRules());
export type WsTemplateInput = z.input<typeof wsTemplateSchema>;

/**
 * A change: the template and the `updatedAt` of the copy it was edited from. Saved since (another
 * tab, another person, a status move) the server answers 409 (recordChangedMeanwhile) and writes
 * nothing, instead of the later save silently undoing the earlier one. Left out (an API script),
 * the change is written as before, as the engine's records do (src/domain/resources/version.ts).
 */
export const wsTemplateChangeSchema = z
  .extend(fields, {
    updatedAt: z.optional(z.nullable(z.iso.datetime({ offset: true, error: MESSAGES.invalidValue }))),
  })
  .check(templateRules());

/**
 * A new template in the editor: the brief's default body with an example for its variable, in
 * the screen's language (`screenLanguage`, an i18next code) when there is a default body in it — a
 * Spanish user's starts as Spanish ('es') with the Spanish body — else American English.
 */
export const blankTemplate = (screenLanguage?: string): WsTemplate => {
  const language = screenLanguage?.split('-')[0] === 'es' ? 'es' : 'en_US';
  return {
    name: '',
    category: 'marketing',
    language,
    headerFormat: 'none',
    headerText: '',
    headerExample: '',
    headerMediaUrl: '',
    body: WS_DEFAULT_BODIES[language],
    bodyExamples: [''],
    footer: '',
    buttons: [],
  };
};
