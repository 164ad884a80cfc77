/**
 * What a new version breaks for the answers already collected (the product brief's form
 * builder: a removed or retyped field, a removed option asks before publishing). The builder
 * asks with this list and the server refuses a publish that carries any of it unless the
 * person confirmed, so both sides read the same verdict.
 */
import { formatMessage } from '../messages';
import type { FormField } from './definition';

export type BreakingChange =
  | { kind: 'removed'; key: string; label: string }
  | { kind: 'retyped'; key: string; label: string; from: string; to: string }
  | { kind: 'optionRemoved'; key: string; label: string; option: string };

/** The changes from the published fields to the new ones that old answers would not fit. */
export function breakingChanges(before: readonly FormField[], after: readonly FormField[]): BreakingChange[] {
  const next = new Map(after.map((f) => [f.key, f]));
  const changes: BreakingChange[] = [];
  for (const old of before) {
    const now = next.get(old.key);
    const { key, label } = old;
    if (!now) changes.push({ kind: 'removed', key, label });
    else if (now.type !== old.type) changes.push({ kind: 'retyped', key, label, from: old.type, to: now.type });
    else
      for (const option of old.options)
        if (!now.options.includes(option)) changes.push({ kind: 'optionRemoved', key, label, option });
  }
  return changes;
}

/** The server's 409 body: one line per change, by field key (several for one field are joined). */
export function breakingErrors(changes: readonly BreakingChange[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const c of changes) {
    const line =
      c.kind === 'removed'
        ? formatMessage('formFieldRemoved', { label: c.label })
        : c.kind === 'retyped'
          ? formatMessage('formFieldRetyped', { label: c.label, from: c.from, to: c.to })
          : formatMessage('formOptionRemoved', { label: c.label, option: c.option });
    errors[c.key] = errors[c.key] ? `${errors[c.key]} ${line}` : line;
  }
  return errors;
}
