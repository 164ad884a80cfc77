/**
 * A sender's address must be one mail can be sent as: the engine's email rule only asks for
 * `x@y.z`, and let `news@example.org.` (a trailing dot, as DNS writes names) or `news@example..org`
 * through. Such an address is a second sender beside the real one, and its domain never matches the
 * business's verified domain (nor another business's, whose refusal it slipped past). Pure, no
 * schema library: the declared resource, read by the signed-in shell, imports it.
 */
import type { MessageCode } from '../messages';
import { hostNameProblem } from '../domains/hostname';

/**
 * The part before the @ as a From line can carry it unquoted (RFC 5322's dot-atom, letters of any
 * script as RFC 6531 allows), at most 64 characters. The engine's rule let `mailto:news@example.org`
 * (copied from a mail link) and `https://news@example.org` through: a sender whose code mail and
 * From address go nowhere.
 */
const LOCAL_PART = /^(?=.{1,64}$)[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;

/** The senders declaration's record rule (src/resources/senders): the address's domain is a host name. */
export function senderAddressCheck(record: Readonly<Record<string, unknown>>): Record<string, MessageCode> {
  const address = typeof record.address === 'string' ? record.address.trim() : '';
  const at = address.lastIndexOf('@');
  if (at < 0) return {}; // the field's own rule names it
  const domain = address.slice(at + 1);
  if (!LOCAL_PART.test(address.slice(0, at))) return { address: 'emailInvalid' };
  return domain.endsWith('.') || hostNameProblem(domain) ? { address: 'emailInvalid' } : {};
}
