/**
 * The checks every save and preview runs (docs/email-templates.md), each finding with a stable id the editor
 * translates (`emailTemplates.findings.<id>`) and the values its message names. They are warnings:
 * a template with findings still saves; only source that does not parse is refused (render.ts on
 * the server). `sender-unverified` needs the business's senders and domains, so the server adds it
 * (server/modules/email-templates/checked-render.ts); the others are the source's own, here.
 */
import { variablesOfKind, type EmailTemplateKind } from './kinds';
import { placeholdersOf } from './variables';

export const FINDING_IDS = [
  'html-too-large',
  'no-text-part',
  'unknown-variable',
  'bad-variable',
  'image-without-alt',
  'http-link',
  'sender-unverified',
] as const;
export type FindingId = (typeof FINDING_IDS)[number];

export interface Finding {
  id: FindingId;
  /** What the message names: the variable, the image, the link, the size. */
  values: Record<string, string>;
}

/** Gmail clips a message whose HTML is over 102 KB ("[Message clipped]"). */
export const GMAIL_CLIP_BYTES = 102 * 1024;

export interface CheckInput {
  kind: EmailTemplateKind;
  subject: string;
  mjml: string;
  /** The rendered HTML, placeholders still in. */
  html: string;
  /** The generated text part. */
  text: string;
}

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function variableFindings(input: CheckInput): Finding[] {
  const known = new Set(variablesOfKind(input.kind));
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const p of [...placeholdersOf(input.subject), ...placeholdersOf(input.mjml)]) {
    const key = p.name ?? p.raw;
    if (seen.has(key)) continue;
    seen.add(key);
    if (p.name === null) out.push({ id: 'bad-variable', values: { variable: p.raw } });
    else if (!known.has(p.name)) out.push({ id: 'unknown-variable', values: { variable: p.name } });
  }
  return out;
}

const IMG = /<img\b[^>]*>/gi;
const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);

function imageFindings(html: string): Finding[] {
  const out: Finding[] = [];
  for (const [tag] of html.matchAll(IMG)) {
    const alt = attr(tag, 'alt');
    if (alt && (alt[1] ?? alt[2] ?? alt[3] ?? '').trim()) continue;
    const src = attr(tag, 'src');
    out.push({ id: 'image-without-alt', values: { src: src ? (src[1] ?? src[2] ?? src[3] ?? '') : '' } });
  }
  return out;
}

const HTTP_URL = /\s(?:href|src|background)\s*=\s*["']?(http:\/\/[^"'\s>]+)/gi;

function linkFindings(html: string): Finding[] {
  const urls = new Set([...html.matchAll(HTTP_URL)].map((m) => m[1]!));
  return [...urls].map((url) => ({ id: 'http-link', values: { url } }));
}

export function checkTemplate(input: CheckInput): Finding[] {
  const bytes = utf8Bytes(input.html);
  return [
    ...(bytes > GMAIL_CLIP_BYTES ? [{ id: 'html-too-large' as const, values: { size: kb(bytes), limit: '102' } }] : []),
    ...(input.text.trim() ? [] : [{ id: 'no-text-part' as const, values: {} }]),
    ...variableFindings(input),
    ...imageFindings(input.html),
    ...linkFindings(input.html),
  ];
}
