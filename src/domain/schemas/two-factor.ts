import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { OTP_LENGTH } from '../constants';
import { otpCodeField } from './common';

/** Two-factor rules both sides use (product brief sections 2, 4, 5, 7 and 9). */
export const TWO_FACTOR = {
  /** RFC 6238 defaults, which every authenticator app understands. */
  stepSeconds: 30,
  digits: OTP_LENGTH,
  /** Codes of the previous and next 30-second step are accepted too (phone clocks drift). */
  skewSteps: 1,
  /** Wrong codes in a row before checks pause, and for how long. */
  maxFailedAttempts: 5,
  lockMinutes: 15,
  /** How long the QR shown by GET two-factor can be confirmed. */
  enrollmentMinutes: 10,
  recoveryCodeCount: 10,
  /** The account name authenticator apps show above the codes. */
  issuer: 'Back Office',
} as const;

/** Exactly six digits: what the Verify button waits for (product brief section 5). */
export function isTotpCode(value: string): boolean {
  return new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(value);
}

/** A recovery code as shown (`abcde-fghjk`); typed with or without the dash, in any case. */
const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

/** The form a recovery code is stored and compared in: lower case, no spaces or dash. */
export function normalizeRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]+/g, '');
}

export function isRecoveryCode(value: string): boolean {
  return RECOVERY_CODE.test(value.trim().toLowerCase().replace(/\s+/g, ''));
}

/** authorize and disable take a 6-digit code from the app or a recovery code. */
const codeOrRecoveryField = z.pipe(
  z.pipe(
    z.string({ error: MESSAGES.codeRequired }),
    z.transform((v: string) => v.replace(/\s+/g, '')),
  ),
  z.string().check(
    z.minLength(1, MESSAGES.codeRequired),
    z.refine((v) => isTotpCode(v) || isRecoveryCode(v), MESSAGES.twoFactorCodeFormat),
  ),
);

/** POST enable-two-factor: a code from the newly scanned secret and the nonce of that QR. */
export const enableTwoFactorSchema = z.object({
  inputCode: otpCodeField,
  nonce: z.string({ error: MESSAGES.fieldRequired }).check(z.minLength(1, MESSAGES.fieldRequired)),
});
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorSchema>;

export const authorizeTwoFactorSchema = z.object({ inputCode: codeOrRecoveryField });
export const disableTwoFactorSchema = authorizeTwoFactorSchema;
export type TwoFactorCodeInput = z.input<typeof authorizeTwoFactorSchema>;

/** GET two-factor: a new secret to scan, not active until enable-two-factor confirms it. */
export interface TwoFactorSetup {
  /** PNG data URL of the otpauth:// URI. */
  qrCode: string;
  /** Echoed back on enable; binds the confirmation to this user and this secret. */
  nonce: string;
  /** The base32 secret, for typing into an app by hand. */
  secret: string;
  otpauthUri: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** POST enable-two-factor: the recovery codes, shown this once and never again. */
export interface TwoFactorEnabled {
  enabled: true;
  recoveryCodes: string[];
}

/** POST authorize-two-factor. */
export interface TwoFactorAuthorized {
  authorized: true;
  /** Unused recovery codes left, so the client can warn when they run low. */
  recoveryCodesLeft: number;
  usedRecoveryCode: boolean;
}
