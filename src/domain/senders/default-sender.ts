/**
 * Which sender may be the business's default: only one whose address is proved (verified by its
 * domain or by the mailed code). Mail goes out as the default only once it is verified
 * (server/modules/domains/sending.ts), so a pending default would have unset the verified one and
 * sent the business's mail from the platform's address until the code came back, if ever. Pure,
 * no schema library: the declared resource, read by the signed-in shell, imports it.
 */
import type { MessageCode } from '../messages';

/**
 * The senders declaration's record rule for the default (src/resources/senders), run by the edit
 * form and by the server on every add and change. A record whose state is not known (a new one
 * in the form: the server decides it at the add) is not judged here; the add is, with its state.
 */
export function senderDefaultCheck(record: Readonly<Record<string, unknown>>): Record<string, MessageCode> {
  return record.isDefault === true && record.status === 'pending' ? { isDefault: 'senderDefaultUnverified' } : {};
}
