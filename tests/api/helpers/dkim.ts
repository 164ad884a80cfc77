/**
 * A DKIM check written for the tests (RFC 6376, rsa-sha256 with relaxed/relaxed, what nodemailer
 * signs with), so the mail tests prove a signature verifies instead of only finding the header:
 * - the body hash: the relaxed-canonicalised body's SHA-256 against bh= (when a body is given);
 * - the signature: the headers named in h= (each taken from the bottom up) and the
 *   DKIM-Signature itself with b= emptied, relaxed-canonicalised, verified with node:crypto
 *   against the domain's published key (the DKIM record's p=).
 */
import { createHash, createPublicKey, verify } from 'node:crypto';

export interface DkimResult {
  tags: Record<string, string>;
  bodyHashOk: boolean | null;
  signatureOk: boolean;
}

/** Header fields of a header block, unfolded lines kept as sent (name: value, CRLF continuations inside). */
function fields(block: string): string[] {
  const out: string[] = [];
  for (const line of block.split('\r\n')) {
    if (/^[ \t]/.test(line) && out.length) out[out.length - 1] += `\r\n${line}`;
    else if (line) out.push(line);
  }
  return out;
}

const relaxedHeader = (field: string) => {
  const colon = field.indexOf(':');
  const name = field.slice(0, colon).trim().toLowerCase();
  const value = field
    .slice(colon + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${name}:${value}`;
};

export const relaxedBody = (body: string) => {
  const lines = body.split('\r\n').map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length && lines.at(-1) === '') lines.pop();
  return lines.length ? `${lines.join('\r\n')}\r\n` : '';
};

/** Checks the message's (first) DKIM-Signature; `raw` is a header block, or a whole message. */
export function checkDkim(raw: string, publicKeyBase64: string): DkimResult {
  const split = raw.indexOf('\r\n\r\n');
  const headerBlock = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? null : raw.slice(split + 4);
  const all = fields(headerBlock);
  const signature = all.find((f) => /^dkim-signature:/i.test(f));
  if (!signature) throw new Error('no DKIM-Signature');
  const tags = Object.fromEntries(
    signature
      .slice(signature.indexOf(':') + 1)
      .split(';')
      .map((tag) => tag.replace(/\s+/g, ''))
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf('=')), tag.slice(tag.indexOf('=') + 1)]),
  );
  if (tags.a !== 'rsa-sha256' || tags.c !== 'relaxed/relaxed') throw new Error(`unexpected a=${tags.a} c=${tags.c}`);
  const bodyHashOk = body === null ? null : createHash('sha256').update(relaxedBody(body)).digest('base64') === tags.bh;
  // Each name in h= takes the next instance from the bottom; a name with none left signs as empty.
  const remaining = all.filter((f) => f !== signature);
  const signed = tags
    .h!.split(':')
    .map((name) => {
      const index = remaining.findLastIndex(
        (f) => f.slice(0, f.indexOf(':')).trim().toLowerCase() === name.toLowerCase(),
      );
      if (index < 0) return null;
      const [field] = remaining.splice(index, 1);
      return `${relaxedHeader(field!)}\r\n`;
    })
    .filter((line): line is string => line !== null);
  const unsigned = relaxedHeader(signature).replace(/([;:]\s*b=)[^;]*/, '$1');
  const key = createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  const signatureOk = verify('sha256', Buffer.from(signed.join('') + unsigned), key, Buffer.from(tags.b!, 'base64'));
  return { tags, bodyHashOk, signatureOk };
}
