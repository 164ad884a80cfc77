/**
 * What the passkey routes answer. The ceremony options are the WebAuthn JSON the browser passes
 * to navigator.credentials (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON, as
 * @simplewebauthn/server builds them), listed field by field so nothing else goes out.
 */
import { z } from 'zod';
import type { PasskeySummary } from '../../../src/domain/schemas/passkey';
import { timestamp, assertTrue, type Same } from '../../http/response';

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  deviceType: z.string().describe("'singleDevice' or 'multiDevice' (synced across the user's devices)"),
  backedUp: z.boolean(),
  transports: z.array(z.string()),
  createdAt: timestamp,
  lastUsedAt: z.nullable(timestamp),
});

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

const extensions = z
  .object({
    appid: z.string().optional(),
    credProps: z.boolean().optional(),
    hmacCreateSecret: z.boolean().optional(),
    minPinLength: z.boolean().optional(),
  })
  .optional();

export const creationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.string().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  attestationFormats: z.array(z.string()).optional(),
  extensions,
});

export const assertionOptionsResultSchema = z.object({
  assertionOptions: z.object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    userVerification: z.string().optional(),
    hints: z.array(z.string()).optional(),
    extensions,
  }),
  userId: z.string().nullable().describe('The account the options are for; null for discoverable sign-in'),
});

// The list row must stay exactly what the profile screen reads.
assertTrue<Same<z.output<typeof passkeySummarySchema>, PasskeySummary>>();
