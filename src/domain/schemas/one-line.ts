/**
 * A value that goes into a mail's header (a sender's display name, a subject) stays on one line:
 * a line break there would end the header and let the rest of the text be read as headers of its
 * own. One rule for every such field, the form's and the server's (the same schemas), with one
 * message (lineBreakNotAllowed). CR, LF and Unicode's line and paragraph separators.
 */
import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../field-messages';

const LINE_BREAK = /[\r\n\u2028\u2029]/;

export const hasLineBreak = (text: string) => LINE_BREAK.test(text);

/** The check for a string schema: refused with lineBreakNotAllowed when the text holds a line break. */
export const oneLine = () => z.refine<string>((text) => !hasLineBreak(text), FIELD_MESSAGES.lineBreakNotAllowed);
