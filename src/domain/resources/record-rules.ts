/**
 * Rules that read more than one field of a declared record, or the record as it was: a state
 * field's transitions and closed states, a field required while another holds some values, a
 * value that must come after another (FieldDeclaration.transitions / requiredWhen / after).
 * Field-by-field rules are field-rules.ts; these run on the whole record, on the server before
 * every create and update (crud-routes.ts) and in the form before it sends, with the same messages.
 */
import { MESSAGES } from '../messages';
import { formFields, isEmptyValue } from './field-rules';
import type { FieldDeclaration, RecordCheckContext, ResourceDeclaration } from './types';

type Values = Record<string, unknown>;

const stateFields = (resource: ResourceDeclaration) =>
  Object.entries(resource.fields).filter(
    (entry): entry is [string, FieldDeclaration & { transitions: NonNullable<FieldDeclaration['transitions']> }] =>
      !!entry[1].transitions,
  );

/** The values a state field may take: its start values for a new record, else the current value and its next ones. */
export function allowedStates(field: FieldDeclaration, current: unknown): readonly string[] {
  const rules = field.transitions;
  if (!rules) return field.options ?? [];
  if (typeof current !== 'string' || !current) return rules.start;
  return [current, ...(rules.next[current] ?? [])];
}

/** Whether the record is in a closed state of one of its state fields (read-only but for reopening). */
export function isLocked(resource: ResourceDeclaration, record: Values | null | undefined): boolean {
  if (!record) return false;
  return stateFields(resource).some(([key, field]) => (field.transitions.locks ?? []).includes(String(record[key])));
}

/**
 * What a closed record's edit or delete is refused with: "reopen it to change it", or the
 * declaration's own words where nothing reopens it (an answered quote: make a new one).
 */
export function lockedMessage(resource: ResourceDeclaration, record: Values): string {
  const closing = stateFields(resource).find(([key, field]) =>
    (field.transitions.locks ?? []).includes(String(record[key])),
  );
  const own = closing?.[1].transitions.lockedMessage;
  return own ? MESSAGES[own] : MESSAGES.recordLocked;
}

/** The state fields: all a closed record's form may still change. */
export const stateFieldKeys = (resource: ResourceDeclaration) => stateFields(resource).map(([key]) => key);

/**
 * A closed record whose form can change nothing: none of the state fields its form shows (`shown`,
 * by default every field of an edit form) may move on from where the record stands. A sent
 * invoice's status is not in its form (it moves through the invoice's own actions) and a paid one
 * moves nowhere. Such a record's show page offers no Edit, and its edit page (a link kept from
 * before it closed) says it is closed and offers no Save, which could only be refused.
 */
export function closedForGood(
  resource: ResourceDeclaration,
  record: Values | null | undefined,
  shown: readonly (readonly [string, FieldDeclaration])[] = formFields(resource, 'update'),
): boolean {
  if (!record || !isLocked(resource, record)) return false;
  return !shown.some(([key, field]) => !!field.transitions && allowedStates(field, record[key]).length > 1);
}

/**
 * Problems of a record as a whole, by field. `before` is the stored record (null when creating),
 * `after` the record as it would be saved (stored values with the change applied), `changed` the
 * fields the change names, `context` what the declaration's own rule may need (the business's today).
 */
export function recordRuleErrors(
  resource: ResourceDeclaration,
  before: Values | null,
  after: Values,
  changed: readonly string[],
  context: RecordCheckContext = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  // A closed record: only its state may move (reopening); nothing else changes while it is closed.
  if (before && isLocked(resource, before)) {
    const states = new Set(stateFieldKeys(resource));
    for (const key of changed) {
      if (!states.has(key) && JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
        errors[key] = lockedMessage(resource, before);
    }
  }
  for (const [key, field] of stateFields(resource)) {
    const to = after[key];
    if (typeof to !== 'string') continue;
    const from = before ? before[key] : null;
    if (from === to) continue;
    if (!allowedStates(field, from).includes(to)) errors[key] = MESSAGES.statusTransition;
  }
  for (const [key, field] of Object.entries(resource.fields)) {
    if (errors[key]) continue;
    const when = field.requiredWhen;
    // A state that is itself refused says so once; what it would need is for a state it may take.
    if (when && !errors[when.field] && when.values.includes(String(after[when.field])) && isEmptyValue(after[key])) {
      errors[key] = MESSAGES[when.message ?? 'fieldRequired'];
      continue;
    }
    const later = field.after;
    const value = after[key];
    const other = later ? after[later.field] : undefined;
    if (later && typeof value === 'string' && typeof other === 'string' && value && other && value <= other)
      errors[key] = MESSAGES[later.message];
  }
  // The declaration's own rule over the whole record (an invoice's discount within its lines).
  if (resource.check)
    for (const [key, code] of Object.entries(resource.check(after, context))) errors[key] ??= MESSAGES[code];
  return errors;
}
