import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { emailField } from './common';
import { recordIdSchema } from './record-id';

/** Limits the passkey screens and the server share. */
export const PASSKEY_LIMITS = {
  /** Per account: a list anyone can still read, and a bound on what one account stores. */
  maxPerUser: 10,
  nameMaxLength: 64,
  /** A ceremony (options → browser → verify) must finish within this; the challenge dies then. */
  challengeTtlMs: 5 * 60_000,
} as const;

/** The name a user gives a passkey (shown in the profile list). */
export const passkeyNameField = z.pipe(
  z.string({ error: MESSAGES.passkeyNameRequired }),
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.passkeyNameRequired),
      z.maxLength(PASSKEY_LIMITS.nameMaxLength, MESSAGES.passkeyNameTooLong),
    ),
);

export const renamePasskeySchema = z.object({ name: passkeyNameField });
export type RenamePasskeyInput = z.input<typeof renamePasskeySchema>;

export const passkeyIdQuery = z.object({ passkeyId: recordIdSchema });

const b64url = z.string({ error: MESSAGES.invalidValue }).check(z.regex(/^[A-Za-z0-9_-]*$/, MESSAGES.invalidValue));
const b64urlRequired = b64url.check(z.minLength(1, MESSAGES.invalidValue), z.maxLength(16_384, MESSAGES.invalidValue));

/**
 * The browser's PublicKeyCredential as JSON (what @simplewebauthn/browser returns). Checked for
 * shape here; the cryptography is the server's job.
 */
const credentialBase = {
  id: b64urlRequired,
  rawId: b64urlRequired,
  type: z.literal('public-key', { error: MESSAGES.invalidValue }),
  clientExtensionResults: z._default(z.record(z.string(), z.unknown()), {}),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'], { error: MESSAGES.invalidValue })),
};

export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64urlRequired,
    attestationObject: b64urlRequired,
    transports: z.optional(z.array(z.string().check(z.maxLength(32)), { error: MESSAGES.invalidValue })),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64urlRequired,
    authenticatorData: b64urlRequired,
    signature: b64urlRequired,
    userHandle: z.optional(b64url),
  }),
});

/** POST /api/Passkey/registration: the new credential and an optional name (default: "Passkey"). */
export const registerPasskeySchema = z.object({
  registrationRawResponse: registrationResponseSchema,
  name: z.optional(passkeyNameField),
});

/**
 * POST /api/Passkey/assertion-options (product brief section 7: "body user identity"). Empty for
 * discoverable credentials (autofill and the passkey button); with an email the options list
 * that account's passkeys.
 */
export const assertionOptionsSchema = z.object({ email: z.optional(emailField) });

/** POST /api/Passkey/assertion (product brief section 7): the signed assertion, and the userId options gave (may be null). */
export const assertionSchema = z.object({
  assertionRawResponse: authenticationResponseSchema,
  userId: z.optional(z.nullable(recordIdSchema)),
});

/** One row of GET /api/Passkey/passkeys. */
export interface PasskeySummary {
  id: string;
  name: string;
  /** 'singleDevice' | 'multiDevice' (synced across the user's devices). */
  deviceType: string;
  backedUp: boolean;
  transports: string[];
  /** ISO 8601. */
  createdAt: string;
  lastUsedAt: string | null;
}

/** Answer of POST /api/Passkey/assertion-options. */
export interface AssertionOptionsResult {
  /** As @simplewebauthn/server builds them, for @simplewebauthn/browser's ceremony. */
  assertionOptions: PublicKeyCredentialRequestOptionsJSON;
  /** The account the options are for; null for discoverable sign-in. */
  userId: string | null;
}
