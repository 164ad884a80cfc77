/**
 * One child row (a `lines` field's line) against its columns' rules: the same validateRecord the
 * form's cells and the server use, so a figure built from a line (its amount, a running total)
 * leaves out exactly what the cells mark.
 */
import { isEmptyValue, validateRecord } from './field-rules';
import type { FieldDeclaration } from './types';

/**
 * The columns of `line` (API values: cents, numbers as typed) whose value the rules refuse. An
 * empty cell is not counted as refused here: it is still being typed, and adds nothing.
 */
export function refusedLineColumns(field: FieldDeclaration, line: unknown): string[] {
  const columns = field.lines?.fields ?? {};
  const row = line && typeof line === 'object' ? (line as Record<string, unknown>) : {};
  const filled = Object.fromEntries(Object.entries(row).filter(([key, v]) => key in columns && !isEmptyValue(v)));
  const check = validateRecord({ fields: columns }, 'update', filled);
  return check.ok ? [] : Object.keys(check.errors);
}
