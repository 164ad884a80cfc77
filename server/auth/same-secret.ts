/**
 * The one comparison of a secret against what it should be (a code's stored hash, a signature):
 * in time that does not depend on where the two first differ, so a guesser cannot learn a stored
 * hash byte by byte from how long a wrong guess takes to be refused.
 */
import { timingSafeEqual } from 'node:crypto';

/**
 * True when `given` and `expected` hold the same bytes. Different lengths answer false before
 * comparing (a hash's or a signature's length is no secret, and timingSafeEqual throws on them);
 * an empty secret matches nothing, so a missing hash is never met by a missing guess.
 */
export function sameSecret(given: string | Buffer, expected: string | Buffer): boolean {
  const a = typeof given === 'string' ? Buffer.from(given, 'utf8') : given;
  const b = typeof expected === 'string' ? Buffer.from(expected, 'utf8') : expected;
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}
