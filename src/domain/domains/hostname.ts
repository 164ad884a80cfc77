/**
 * What a person may type as an email domain (the product brief, section 1: email domain set-up):
 * a host name only. The usual slips each get their own message (a pasted URL, a path, a port, an
 * IP address, a DKIM record pasted into the wrong box), so the form and the server say what to
 * fix. Pure: the form checks as you type, the server checks again and stores the name as
 * punycode (node:url domainToASCII), which a browser needs no library for.
 */
import type { MessageCode } from '../messages';

/** RFC 1035: a name of at most 253 characters (without the root dot), labels of at most 63. */
export const HOST_NAME_MAX = 253;
const LABEL_MAX = 63;

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const DKIM_TAGS = /(^|[;\s])v\s*=\s*dkim1|(^|;)\s*[kp]\s*=|;/i;
const PORT = /:\d*$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const IPV6 = /^\[?[0-9a-f]*:[0-9a-f]*:[0-9a-f:.]*\]?(:\d+)?$/i;
// Letters of any script, digits and marks; hyphens inside. Unicode labels become xn-- on the server.
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]*[\p{L}\p{N}\p{M}])?$/u;

/** Trimmed, lower-cased, without the root's trailing dot: the form the rules and the store read. */
export function normalizeHostName(raw: string): string {
  return raw.trim().toLowerCase().replace(/\.$/, '');
}

/** The message code for what is wrong with a typed domain, or null when it is a host name. */
export function hostNameProblem(raw: string): MessageCode | null {
  const value = normalizeHostName(raw);
  if (!value) return null; // 'required' is the field's own rule
  if (DKIM_TAGS.test(value)) return 'domainDkimPasted';
  if (SCHEME.test(value)) return 'domainHasScheme';
  if (IPV6.test(value) || IPV4.test(value.replace(PORT, ''))) return 'domainIsIp';
  if (/[/?#]/.test(value)) return 'domainHasPath';
  if (PORT.test(value)) return 'domainHasPort';
  if (value.length > HOST_NAME_MAX) return 'domainInvalid';
  const labels = value.split('.');
  if (labels.length < 2) return 'domainInvalid';
  if (labels.some((label) => label.length > LABEL_MAX || !LABEL.test(label))) return 'domainInvalid';
  if (/^\d+$/.test(labels[labels.length - 1]!)) return 'domainInvalid';
  // No top-level domain is one letter: `bluenoteclub.c` is `.com` cut short, a domain no DNS will
  // ever answer for, whose records the owner would publish and check in vain.
  if (/^[a-z0-9]$/.test(labels[labels.length - 1]!)) return 'domainInvalid';
  return null;
}

/** The domains declaration's record rule (src/resources/domains): the name's problem on the field. */
export function hostNameCheck(record: Readonly<Record<string, unknown>>): Record<string, MessageCode> {
  const problem = typeof record.name === 'string' ? hostNameProblem(record.name) : null;
  return problem ? { name: problem } : {};
}
