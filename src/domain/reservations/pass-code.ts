/**
 * Pass codes: the short code a reservation (or a ticket) is admitted by. The QR carries it, and
 * the door can type it when a phone screen will not scan, so it is short, case-free and has no
 * letters that read as others: Crockford's base32 alphabet (no I, L, O, U). Ten symbols are 50
 * random bits — far beyond guessing at a door — and they are shown grouped, `K7QD-M2XP-9R`.
 *
 * The stored form is the ten symbols without dashes (`normalisePassCode` of what is shown or
 * typed). Pure: the random source is passed in (`crypto.randomBytes` on the server).
 */

export const PASS_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PASS_CODE_LENGTH = 10;

/** A new pass code in its stored form. 32 symbols: each byte's low five bits, no bias. */
export function newPassCode(randomBytesFn: (size: number) => Uint8Array): string {
  const bytes = randomBytesFn(PASS_CODE_LENGTH);
  let code = '';
  for (let i = 0; i < PASS_CODE_LENGTH; i++) code += PASS_CODE_ALPHABET[bytes[i]! & 31];
  return code;
}

/**
 * What the door typed, in the stored form: spaces and dashes go, letters are upper-cased, and the
 * letters Crockford reads as digits become them (O → 0, I and L → 1), so a misread still matches.
 */
export function normalisePassCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** Whether a normalised code has the shape of a pass code (not whether one exists). */
export function isPassCodeShape(code: string): boolean {
  return code.length === PASS_CODE_LENGTH && [...code].every((c) => PASS_CODE_ALPHABET.includes(c));
}

/** For display: `K7QDM2XP9R` → `K7QD-M2XP-9R`. */
export function formatPassCode(code: string): string {
  const c = normalisePassCode(code);
  return [c.slice(0, 4), c.slice(4, 8), c.slice(8)].filter(Boolean).join('-');
}
