// @vitest-environment node
/**
 * A condition that compares a choice field (select, multi-select, checkbox) with a value that is
 * not one of its choices can never hold as meant: after the option "phone" was renamed "Phone
 * call", a field shown only if "Contact me by" equals "phone" was published and never shown, and
 * a condition whose value was never picked compared with "". The definition (the builder's
 * messages and the server's save and publish) now refuses it under the condition, as it refuses
 * a condition on a field below.
 */
import { describe, expect, it } from 'vitest';
import { formDefinition } from '../../src/domain/forms/definition';
import { MESSAGES } from '../../src/domain/messages';

const contact = { key: 'contact', type: 'select', label: 'Contact me by', options: ['email', 'Phone call'] };
const extras = { key: 'extras', type: 'multiSelect', label: 'Extras', options: ['a', 'b'] };
const agree = { key: 'agree', type: 'checkbox', label: 'I agree' };
const name = { key: 'name', type: 'shortText', label: 'Name' };
const shownIf = (field: string, op: string, value: string, prop = 'showIf') => ({
  key: 'phone',
  type: 'phone',
  label: 'Phone',
  [prop]: { field, op, value },
});

const issues = (fields: unknown[]) => {
  const checked = formDefinition.safeParse({ fields });
  return checked.success ? [] : checked.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('a condition on a choice field', () => {
  it.each([
    ['a select’s option that is gone', [contact, shownIf('contact', 'equals', 'phone')]],
    ['no value picked', [contact, shownIf('contact', 'notEquals', '')]],
    ['a multi-select’s unknown option', [extras, shownIf('extras', 'equals', 'c')]],
    ['a checkbox compared with text', [agree, shownIf('agree', 'equals', 'yes')]],
    ['a required-if the same way', [contact, shownIf('contact', 'equals', 'phone', 'requiredIf')]],
  ])('is refused with %s', (_what, fields) => {
    const prop = 'showIf' in fields[1]! ? 'showIf' : 'requiredIf';
    expect(issues(fields)).toEqual([[`fields.1.${prop}`, MESSAGES.formConditionValue]]);
  });

  it.each([
    ['one of the options', [contact, shownIf('contact', 'equals', 'Phone call')]],
    ['a multi-select’s option', [extras, shownIf('extras', 'notEquals', 'b')]],
    ['a ticked checkbox', [agree, shownIf('agree', 'equals', 'true')]],
    ['filled, with no value', [contact, shownIf('contact', 'filled', '')]],
    ['a text field’s value, even empty', [name, shownIf('name', 'equals', '')]],
  ])('is kept with %s', (_what, fields) => {
    expect(issues(fields)).toEqual([]);
  });
});
