/**
 * Every problem of a form's values at once: each field's own rules (field-rules.ts) and the
 * record's rules across fields (record-rules.ts: a field another one requires, a date the
 * declaration's check refuses) — the record's rules run on the fields that are valid, so a
 * hurried user reads all that is wrong in one go instead of in rounds. The server runs the same
 * rules (crud-routes.ts) with the same messages.
 */
import { validateRecord, type FormMode } from '../../domain/resources/field-rules';
import { recordRuleErrors } from '../../domain/resources/record-rules';
import type { ResourceDeclaration } from '../../domain/resources/types';

export function formErrors(
  resource: ResourceDeclaration,
  mode: FormMode,
  record: Record<string, unknown> | null | undefined,
  body: Record<string, unknown>,
  today: string,
): Record<string, string> {
  const check = validateRecord(resource, mode, body);
  if (check.ok) {
    return recordRuleErrors(resource, record ?? null, { ...record, ...check.value }, Object.keys(check.value), {
      today,
    });
  }
  const wrong = new Set(Object.keys(check.errors).map((path) => path.split('.')[0]));
  const valid = Object.fromEntries(Object.entries(body).filter(([key]) => !wrong.has(key)));
  const rules = recordRuleErrors(resource, record ?? null, { ...record, ...valid }, Object.keys(valid), { today });
  // A field's own message wins over a rule across fields on the same field.
  return { ...Object.fromEntries(Object.entries(rules).filter(([key]) => !wrong.has(key))), ...check.errors };
}
