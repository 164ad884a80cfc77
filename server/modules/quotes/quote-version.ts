/**
 * A quote's version as its customer reads it (src/domain/quotes/quote-version.ts): a digest of
 * its terms, sent with the public page and named back by the customer's answer.
 */
import { createHash } from 'node:crypto';
import { quoteTerms } from '../../../src/domain/quotes/quote-version';

/** 22 url-safe characters (128 bits of a SHA-256): the same terms always give the same version. */
export function quoteVersion(quote: Readonly<Record<string, unknown>>): string {
  return createHash('sha256')
    .update(JSON.stringify(quoteTerms(quote)))
    .digest('base64url')
    .slice(0, 22);
}
