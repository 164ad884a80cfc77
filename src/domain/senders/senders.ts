/**
 * A business's senders (the product brief, section 7: CRM → Senders: GET, POST, DELETE, PUT):
 * the display name and address its mail goes out from, a reply-to, and which one is the default.
 * An address on a domain the business has verified is usable at once; any other address proves
 * itself with a code mailed to it (docs/email-domains.md, "Senders").
 */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { OTP_LENGTH } from '../constants';

export const SENDERS_API = {
  base: '/api/crmmanagement/senders',
  verify: '/api/crmmanagement/senders/verify',
  resend: '/api/crmmanagement/senders/resend',
} as const;

export const SENDER_STATUSES = ['pending', 'verified'] as const;
export type SenderStatus = (typeof SENDER_STATUSES)[number];

/** How long a mailed code holds, and how many wrong tries it takes. */
export const SENDER_CODE = { ttlMinutes: 30, maxAttempts: 5 } as const;

/** The domain part of an address, lower-cased (the caller turns it into punycode). */
export const addressDomain = (address: string) =>
  address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/** The code form on a pending sender's page and the verify call's body: one schema. */
export const senderCodeSchema = z.object({
  senderId: z.string({ error: MESSAGES.fieldRequired }),
  code: z
    .string({ error: MESSAGES.codeRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.codeRequired),
      z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MESSAGES.codeFormat),
    ),
});
export type SenderCodeInput = z.input<typeof senderCodeSchema>;

export const senderIdSchema = z.object({ senderId: z.string({ error: MESSAGES.fieldRequired }) });

/** What the sender screens read of an answer (the engine's record schema answers more). */
export const senderAnswer = z.object({ id: z.string(), status: z.enum(SENDER_STATUSES) });
