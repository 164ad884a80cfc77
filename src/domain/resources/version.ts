/**
 * The version an edit was made from, one wire shape for the engine's form and its update route:
 * the record's `updatedAt` as the form loaded it, sent beside the changed fields. The server
 * compares it with the row's under the row's lock and answers 409 (recordChangedMeanwhile) when
 * someone saved the record in between, so a second editor never silently overwrites the first.
 * A body without it (an older client, an API script) is written as before: last save wins.
 * Every update route checks it: the engine's, and the hand-written ones (users, senders) with the
 * same helpers (server/resources/record-version.ts).
 */
import { MESSAGES } from '../messages';

/** The body key that carries the version (the record's own `updatedAt` field in every answer). */
export const VERSION_FIELD = 'updatedAt';

export type VersionSplit =
  | { ok: true; version: string | undefined; values: Record<string, unknown> }
  | { ok: false; errors: Record<string, string> };

/** Milliseconds of a version, or NaN: an ISO timestamp, as every record answer carries it. */
const millisOf = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : NaN;

/**
 * An update body taken apart: the field values, and the version they were edited from. Empty or
 * null is no version (a multipart body's empty part); anything else that is not a timestamp is a
 * 400 on the key, never a silent overwrite.
 */
export function splitVersion(body: Record<string, unknown>): VersionSplit {
  const { [VERSION_FIELD]: raw, ...values } = body;
  if (raw === undefined || raw === null || raw === '') return { ok: true, version: undefined, values };
  if (typeof raw !== 'string' || Number.isNaN(millisOf(raw)))
    return { ok: false, errors: { [VERSION_FIELD]: MESSAGES.invalidValue } };
  return { ok: true, version: raw, values };
}

/**
 * Whether a stored `updatedAt` is the version an editor saw. To the millisecond: the answers carry
 * milliseconds while PostgreSQL keeps microseconds (a row's first `now()`).
 */
export function sameVersion(stored: Date | string, seen: string): boolean {
  const at = stored instanceof Date ? stored.getTime() : Date.parse(stored);
  return at === millisOf(seen);
}

/** An edit's body with the version of the record it was made from (none when the record has none). */
export function withVersion<T extends Record<string, unknown>>(body: T, record: Record<string, unknown> | undefined) {
  const version = record?.[VERSION_FIELD];
  return typeof version === 'string' ? { ...body, [VERSION_FIELD]: version } : body;
}
