/**
 * mjml's own validator speaks English ("Element mj-foo doesn't exist or is not registered"), and
 * its message is shown in the editor inside "Line N: …". Its findings are said with the
 * catalogue's messages instead, so a Spanish editor reads them in Spanish: the four usual ones,
 * several unknown attributes at once, and a source without a body (mjml throws "Malformed MJML").
 * Anything else it says (none was found by trying its rules and thrown errors with the options
 * render.ts passes) still reads in the user's language around mjml's own words (mjmlOther).
 */
import { formatMessage, MESSAGES } from '../../../src/domain/messages';

interface MjmlFinding {
  message: string;
  tagName?: string;
}

const UNKNOWN_ELEMENT = /^Element (\S+) doesn't exist or is not registered$/;
const ILLEGAL_ATTRIBUTE = /^Attribute (\S+) is illegal$/;
const ILLEGAL_ATTRIBUTES = /^Attributes (.+) are illegal$/;
// mjml-core's throw when <mjml> holds no <mj-body> (an empty root, a head alone, bare text).
const NO_BODY = /^Malformed MJML\b/;
// mjml-parser-xml's throw when no <mjml> element came out of the source.
const NOT_PARSED = /^Parsing failed\b/;
const WRONG_PARENT = /^(\S+) cannot be used inside (\S+), only inside: (.+)$/;
const INVALID_VALUE = /^Attribute (\S+) has invalid value: (.*?) for type /;

export function mjmlFindingMessage({ message, tagName }: MjmlFinding): string {
  let m = UNKNOWN_ELEMENT.exec(message);
  if (m) return formatMessage('mjmlUnknownElement', { tag: m[1]! });
  m = ILLEGAL_ATTRIBUTE.exec(message);
  if (m && tagName) return formatMessage('mjmlUnknownAttribute', { tag: tagName, attribute: m[1]! });
  m = ILLEGAL_ATTRIBUTES.exec(message);
  if (m && tagName) return formatMessage('mjmlUnknownAttributes', { tag: tagName, attributes: m[1]! });
  m = WRONG_PARENT.exec(message);
  if (m) return formatMessage('mjmlWrongParent', { tag: m[1]!, parent: m[2]!, allowed: m[3]! });
  m = INVALID_VALUE.exec(message);
  if (m) return formatMessage('mjmlInvalidValue', { attribute: m[1]!, value: m[2]! });
  if (NO_BODY.test(message)) return MESSAGES.mjmlNoBody;
  if (NOT_PARSED.test(message)) return MESSAGES.mjmlNotEnclosed;
  return formatMessage('mjmlOther', { detail: message });
}
