/**
 * mjml's own validator speaks English ("Element mj-foo doesn't exist or is not registered"), and
 * its message is shown in the editor inside "Line N: …". Its four usual findings are said with the
 * catalogue's messages instead, so a Spanish editor reads them in Spanish; anything else it says
 * is passed on as it came.
 */
import { formatMessage } from '../../../src/domain/messages';

interface MjmlFinding {
  message: string;
  tagName?: string;
}

const UNKNOWN_ELEMENT = /^Element (\S+) doesn't exist or is not registered$/;
const ILLEGAL_ATTRIBUTE = /^Attribute (\S+) is illegal$/;
const WRONG_PARENT = /^(\S+) cannot be used inside (\S+), only inside: (.+)$/;
const INVALID_VALUE = /^Attribute (\S+) has invalid value: (.*?) for type /;

export function mjmlFindingMessage({ message, tagName }: MjmlFinding): string {
  let m = UNKNOWN_ELEMENT.exec(message);
  if (m) return formatMessage('mjmlUnknownElement', { tag: m[1]! });
  m = ILLEGAL_ATTRIBUTE.exec(message);
  if (m && tagName) return formatMessage('mjmlUnknownAttribute', { tag: tagName, attribute: m[1]! });
  m = WRONG_PARENT.exec(message);
  if (m) return formatMessage('mjmlWrongParent', { tag: m[1]!, parent: m[2]!, allowed: m[3]! });
  m = INVALID_VALUE.exec(message);
  if (m) return formatMessage('mjmlInvalidValue', { attribute: m[1]!, value: m[2]! });
  return message;
}
