/**
 * A record's id, the one rule and message wherever an id is read: a path parameter
 * (server/http/id-params.ts applies it to every route's), a query, and every id field of a
 * request body (a foreign key such as `venueId`, a list of `ids`; tests/api/id-body.test.ts walks
 * them): PostgreSQL's uuid text (src/domain/uuid.ts), else "This id is not valid" (idInvalid,
 * en + es), a 400 naming the field before any lookup. Whether the record exists, and may be
 * used there, is the route's own check and message after that.
 */
import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../field-messages';
import { UUID_PATTERN } from '../uuid';

export const recordIdSchema = z
  .string({ error: FIELD_MESSAGES.idInvalid })
  .check(z.regex(UUID_PATTERN, FIELD_MESSAGES.idInvalid));

/**
 * A record id a form asks the person to pick (a venue's ticket type, a plan, a template): left
 * out or empty, the field's own `required` message ("Choose the email template"); sent but not an
 * id, "This id is not valid" as everywhere. The same ids as recordIdSchema are valid.
 */
export const pickedRecordId = (required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : FIELD_MESSAGES.idInvalid) })
    .check(z.minLength(1, required), z.regex(UUID_PATTERN, FIELD_MESSAGES.idInvalid));

/** A path parameter that names a record: `id`, or a name ending in `Id` (`venueId`, `ticketId`). */
export const isIdParamName = (name: string) => name === 'id' || /^[a-z][A-Za-z0-9]*Id$/.test(name);
