/**
 * The rules of a declared resource's picture (an `image` field, types.ts), shared by the form
 * (which checks the chosen file before sending it) and the server (which checks the bytes): the
 * accepted types, the size limit and their messages. The server decides the type from the file's
 * first bytes, never from its name or the type the browser declares; the form can only read the
 * declared type, so both refuse with the same message.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { RECORD_IMAGE } from './image-paths';

/** The size-limit message, in MB as the form says it. */
export const recordImageTooLarge = formatMessage('recordImageTooLarge', {
  max: RECORD_IMAGE.maxBytes / (1024 * 1024),
});

/** A file the user picked (a Blob in the browser): name-free facts the rule reads. */
interface PickedFile {
  size: number;
  type: string;
}
const isPickedFile = (value: unknown): value is PickedFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PickedFile).size === 'number' &&
  typeof (value as PickedFile).type === 'string';

/**
 * An image field's value in a create or update body. A picked file (the form, before it sends a
 * multipart body) must be an accepted type within the size limit; any other value — a path typed
 * by a client — is refused: a picture only arrives as a file (the server puts the stored path in
 * after the rules ran), and null (checked as empty before this) removes it.
 */
export const imageValueSchema = z.custom<PickedFile>().check(
  z.superRefine((value, ctx) => {
    if (!isPickedFile(value)) ctx.issues.push({ code: 'custom', input: value, message: MESSAGES.recordImageAsFile });
    else if (!RECORD_IMAGE.types.includes(value.type))
      ctx.issues.push({ code: 'custom', input: value, message: MESSAGES.recordImageType });
    else if (value.size > RECORD_IMAGE.maxBytes)
      ctx.issues.push({ code: 'custom', input: value, message: recordImageTooLarge });
  }),
);
