/**
 * A business's senders (the product brief, section 7: CRM → Senders: GET, POST, DELETE, PUT):
 * the display name and address its mail goes out from, a reply-to, and which one is the default.
 * An address on a domain the business has verified is usable at once; any other address proves
 * itself with a code mailed to it (docs/email-domains.md, "Senders").
 */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { OTP_LENGTH } from '../constants';
import { SENDER_STATUSES } from './constants';
import { pickedRecordId } from '../schemas/record-id';

export { addressDomain, SENDER_CODE, SENDER_STATUSES, SENDERS_API, type SenderStatus } from './constants';

/** The code form on a pending sender's page and the verify call's body: one schema. */
export const senderCodeSchema = z.object({
  senderId: pickedRecordId(MESSAGES.fieldRequired),
  code: z
    .string({ error: MESSAGES.codeRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.codeRequired),
      z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MESSAGES.codeFormat),
    ),
});
export type SenderCodeInput = z.input<typeof senderCodeSchema>;

export const senderIdSchema = z.object({ senderId: pickedRecordId(MESSAGES.fieldRequired) });

/** What the sender screens read of an answer (the engine's record schema answers more). */
export const senderAnswer = z.object({ id: z.string(), status: z.enum(SENDER_STATUSES) });
