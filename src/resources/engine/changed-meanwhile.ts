/**
 * An edit form whose record was saved by someone else meanwhile (src/domain/resources/version.ts):
 * what they changed, and the form's values after taking their changes without losing what was
 * typed. Pure, so the unit tests read the rules without a screen.
 */
import { MESSAGES } from '../../domain/messages';
import { formFields, type FormMode } from '../../domain/resources/field-rules';
import { isApiError } from '../../providers/http';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { initialFormValues, type FormValues } from './form-values';
import type { TFunction } from 'i18next';

type Record_ = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The form's fields whose stored value differs between the copy the form was loaded from and the current one. */
export function theirChanges(
  resource: ResourceDeclaration,
  mode: FormMode,
  loaded: Record_,
  current: Record_,
  shown: readonly string[],
): string[] {
  return formFields(resource, mode)
    .map(([key]) => key)
    .filter((key) => shown.includes(key) && !same(loaded[key], current[key]));
}

/**
 * The form after "Reload their changes": every field at the record's current value, but the
 * fields the user changed (`mine`, the keys the form would send) keep what they typed. Answers
 * the values and the fields both changed (theirs is replaced by the user's, who should know).
 */
export function reloadTheirs(
  resource: ResourceDeclaration,
  mode: FormMode,
  current: Record_,
  typed: FormValues,
  mine: readonly string[],
  theirs: readonly string[],
  /** The screen's, so a seeded value starts in its language as the form's first values did. */
  t?: TFunction,
): { values: FormValues; both: string[] } {
  const values = initialFormValues(resource, mode, current, t);
  for (const key of mine) if (key in typed) values[key] = typed[key];
  return { values, both: mine.filter((key) => theirs.includes(key)) };
}

/** A save refused because the record was saved by someone else since the form loaded it. */
export const isChangedMeanwhile = (error: unknown) =>
  isApiError(error) &&
  error.status === 409 &&
  (error.body as { message?: unknown } | null)?.message === MESSAGES.recordChangedMeanwhile;
