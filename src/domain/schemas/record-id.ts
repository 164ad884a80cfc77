/**
 * A record's id, the one rule and message wherever an id is read (a path parameter above all:
 * server/http/id-params.ts applies it to every route's): PostgreSQL's uuid text (src/domain/uuid.ts),
 * else "This id is not valid" (idInvalid, en + es), a 400 naming the field before any lookup.
 */
import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../field-messages';
import { UUID_PATTERN } from '../uuid';

export const recordIdSchema = z
  .string({ error: FIELD_MESSAGES.idInvalid })
  .check(z.regex(UUID_PATTERN, FIELD_MESSAGES.idInvalid));

/** A path parameter that names a record: `id`, or a name ending in `Id` (`venueId`, `ticketId`). */
export const isIdParamName = (name: string) => name === 'id' || /^[a-z][A-Za-z0-9]*Id$/.test(name);
