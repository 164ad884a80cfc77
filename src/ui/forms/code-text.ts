/**
 * What a one-time-code box keeps of what was typed or pasted. A code copied from a mail or an SMS
 * often comes with a space before or after it, or grouped ("123 456"); the box drops what is not
 * part of the code and then caps the length itself. The input's own maxLength cut the paste
 * before that, counting the spaces: " 123456" kept "12345", and the right code was refused as
 * too short.
 */
import { OTP_LENGTH } from '../../domain/constants';

/** The longest code a two-factor box takes: a recovery code as shown, `abcde-fghjk`. */
export const RECOVERY_CODE_MAX = 11;

/** A numeric code box: the digits, at most OTP_LENGTH of them. */
export const otpDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, OTP_LENGTH);

/**
 * A code box whose code may hold more than digits (a two-factor recovery code, `abcde-fghjk`),
 * or whose form's rule names a wrong character (the code must be exactly 6 digits): spaces
 * dropped, then capped at `max`.
 */
export const codeText = (typed: string, max: number = OTP_LENGTH): string => typed.replace(/\s+/g, '').slice(0, max);
