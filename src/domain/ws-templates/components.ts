/**
 * A template as the WhatsApp Cloud API's message template object (Meta's "message templates" API:
 * `{ name, language, category, components }` with HEADER / BODY / FOOTER / BUTTONS components and
 * their `example` values), so a template built here can be submitted to a real account later, and
 * one made there can be brought in. The export is deterministic: keys in a fixed order, two-space
 * indentation and a final newline, so export → import → export gives the same bytes.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import {
  WS_BUTTON_TYPES,
  WS_HEADER_FORMATS,
  WS_MEDIA_FORMATS,
  type WsButton,
  type WsButtonType,
  type WsHeaderFormat,
  type WsTemplate,
} from './rules';
import { variableCount } from './variables';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const upper = (v: string) => v.toUpperCase();

/** The URL button's example as Meta wants it: the whole address with the variable filled. */
const filledUrl = (b: WsButton) => b.url.replace(/\{\{1\}\}$/, b.urlExample);

function buttonOut(b: WsButton): Json {
  if (b.type === 'quick_reply') return { type: 'QUICK_REPLY', text: b.text };
  if (b.type === 'phone_number') return { type: 'PHONE_NUMBER', text: b.text, phone_number: b.phone };
  return variableCount(b.url)
    ? { type: 'URL', text: b.text, url: b.url, example: [filledUrl(b)] }
    : { type: 'URL', text: b.text, url: b.url };
}

/** The Cloud API's `components` list of a template. */
export function toComponents(t: WsTemplate): Json[] {
  const out: Json[] = [];
  if (t.headerFormat === 'text') {
    out.push(
      variableCount(t.headerText)
        ? { type: 'HEADER', format: 'TEXT', text: t.headerText, example: { header_text: [t.headerExample] } }
        : { type: 'HEADER', format: 'TEXT', text: t.headerText },
    );
  } else if (t.headerFormat !== 'none') {
    out.push({ type: 'HEADER', format: upper(t.headerFormat), example: { header_handle: [t.headerMediaUrl] } });
  }
  const count = variableCount(t.body);
  out.push(
    count
      ? { type: 'BODY', text: t.body, example: { body_text: [t.bodyExamples.slice(0, count)] } }
      : { type: 'BODY', text: t.body },
  );
  if (t.footer) out.push({ type: 'FOOTER', text: t.footer });
  if (t.buttons.length) out.push({ type: 'BUTTONS', buttons: t.buttons.map(buttonOut) });
  return out;
}

/** The whole template object, as the bytes of a file: the export. */
export function exportTemplate(t: WsTemplate): string {
  const doc = { name: t.name, language: t.language, category: upper(t.category), components: toComponents(t) };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The file name an export is saved under. */
export const exportFileName = (t: Pick<WsTemplate, 'name' | 'language'>) => `${t.name}.${t.language}.json`;

export type ImportResult = { ok: true; template: WsTemplate } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);

class Refused extends Error {}
const refuse = (): never => {
  throw new Refused(MESSAGES.wsImportInvalid);
};

function buttonIn(raw: unknown): WsButton {
  if (!isObject(raw)) return refuse();
  const type = str(raw.type).toLowerCase() as WsButtonType;
  if (!WS_BUTTON_TYPES.includes(type)) return refuse();
  const button: WsButton = { type, text: str(raw.text), url: '', urlExample: '', phone: '' };
  if (type === 'phone_number') button.phone = str(raw.phone_number);
  if (type === 'url') {
    button.url = str(raw.url);
    const example = strings(raw.example)[0] ?? '';
    const fixed = button.url.replace(/\{\{1\}\}$/, '');
    if (fixed !== button.url) button.urlExample = example.startsWith(fixed) ? example.slice(fixed.length) : example;
  }
  return button;
}

function readComponents(list: unknown[], into: WsTemplate) {
  const seen = new Set<string>();
  for (const raw of list) {
    if (!isObject(raw)) return refuse();
    const type = str(raw.type).toUpperCase();
    if (seen.has(type)) return refuse();
    seen.add(type);
    const example = isObject(raw.example) ? raw.example : {};
    if (type === 'HEADER') {
      const format = str(raw.format).toLowerCase() as WsHeaderFormat;
      if (format === 'none' || !WS_HEADER_FORMATS.includes(format)) return refuse();
      into.headerFormat = format;
      if (format === 'text') {
        into.headerText = str(raw.text);
        into.headerExample = strings(example.header_text)[0] ?? '';
      } else if (WS_MEDIA_FORMATS.includes(format)) into.headerMediaUrl = strings(example.header_handle)[0] ?? '';
    } else if (type === 'BODY') {
      into.body = str(raw.text);
      const rows = Array.isArray(example.body_text) ? example.body_text : [];
      into.bodyExamples = strings(rows[0]);
    } else if (type === 'FOOTER') into.footer = str(raw.text);
    else if (type === 'BUTTONS') {
      if (!Array.isArray(raw.buttons)) return refuse();
      into.buttons = raw.buttons.map(buttonIn);
    } else return refuse();
  }
  if (!seen.has('BODY')) refuse();
}

/**
 * A template from the Cloud API's JSON, parsed: the whole template object, or its `components`
 * list alone (then name, language and category stay those of `base`). The result still goes
 * through the validator; here only the shape is checked.
 */
export function importDocument(doc: unknown, base: WsTemplate): ImportResult {
  const template: WsTemplate = {
    ...base,
    headerFormat: 'none',
    headerText: '',
    headerExample: '',
    headerMediaUrl: '',
    body: '',
    bodyExamples: [],
    footer: '',
    buttons: [],
  };
  try {
    if (Array.isArray(doc)) readComponents(doc, template);
    else if (isObject(doc) && Array.isArray(doc.components)) {
      readComponents(doc.components, template);
      if (typeof doc.name === 'string') template.name = doc.name;
      if (typeof doc.language === 'string') template.language = doc.language as WsTemplate['language'];
      if (typeof doc.category === 'string') template.category = doc.category.toLowerCase() as WsTemplate['category'];
    } else refuse();
  } catch (err) {
    if (err instanceof Refused) return { ok: false, message: err.message };
    throw err;
  }
  return { ok: true, template };
}

/** The same, from a file's or a paste's text. */
export function importTemplate(source: string, base: WsTemplate): ImportResult {
  try {
    return importDocument(JSON.parse(source), base);
  } catch (err) {
    if (err instanceof SyntaxError) return { ok: false, message: MESSAGES.wsImportInvalid };
    throw err;
  }
}

/**
 * The largest file the import dialog reads: a template's JSON, pretty-printed with every field at
 * its limit, stays under 16 KB; a file far larger is something else (a picture, a video).
 */
export const WS_IMPORT_MAX_BYTES = 64 * 1024;

/**
 * Why a chosen file cannot be a template's JSON, or null: read before its bytes are, so a wrong
 * file (the picker's "All files") is not read whole into the JSON box in place of what it held.
 */
export function importFileRefusal(file: { name: string; size: number; type: string }): string | null {
  if (!/.\.json$/i.test(file.name) && file.type !== 'application/json') return MESSAGES.wsImportFileNotJson;
  if (file.size > WS_IMPORT_MAX_BYTES)
    return formatMessage('wsImportFileTooLarge', { max: WS_IMPORT_MAX_BYTES / 1024 });
  return null;
}

/** The import dialog's one field: the pasted or chosen file's text (its shape is importTemplate's). */
export const importSourceSchema = z.object({
  source: z.string({ error: MESSAGES.wsImportInvalid }).check(z.trim(), z.minLength(1, MESSAGES.wsImportInvalid)),
});
