// @vitest-environment node
/**
 * The form builder's pure rules (src/domain/forms): the definition refuses what the builder
 * never makes, the one evaluator decides visibility, required-ness and each field's error the
 * same way for the renderer and the server, and the breaking-change detector.
 */
import { describe, expect, it } from 'vitest';
import { formDefinition, type FormField } from '../../src/domain/forms/definition';
import { answersFromUrl, evaluateForm } from '../../src/domain/forms/evaluate';
import { breakingChanges, breakingErrors } from '../../src/domain/forms/breaking';
import { MESSAGES } from '../../src/domain/messages';

const parse = (fields: unknown[]) => formDefinition.parse({ fields }).fields;

const FIELDS: FormField[] = parse([
  { key: 'name', type: 'shortText', label: 'Name', required: true, min: 2, max: 20 },
  { key: 'email', type: 'email', label: 'Email' },
  { key: 'contact', type: 'select', label: 'Contact me by', options: ['email', 'phone'] },
  {
    key: 'phone',
    type: 'phone',
    label: 'Phone',
    showIf: { field: 'contact', op: 'equals', value: 'phone' },
    requiredIf: { field: 'contact', op: 'equals', value: 'phone' },
  },
  { key: 'guests', type: 'number', label: 'Guests', min: 1, max: 10 },
  { key: 'day', type: 'date', label: 'Day' },
  { key: 'extras', type: 'multiSelect', label: 'Extras', options: ['a', 'b', 'c'], max: 2 },
  { key: 'agree', type: 'checkbox', label: 'I agree', required: true },
  { key: 'code', type: 'shortText', label: 'Code', pattern: '[A-Z]{3}-\\d{2}' },
  { key: 'source', type: 'hidden', label: 'Source', param: 'utm_source' },
]);

const valid = { name: 'Ada', contact: 'email', agree: true };

describe('the form definition', () => {
  it('refuses an unknown field type posted by hand', () => {
    const r = formDefinition.safeParse({ fields: [{ key: 'x', type: 'signature', label: 'X' }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['fields', 0, 'type'], message: MESSAGES.formFieldTypeUnknown });
  });

  it('refuses duplicate keys, a condition on a later field, empty options, a bad pattern, min above max', () => {
    const r = formDefinition.safeParse({
      fields: [
        { key: 'a', type: 'shortText', label: 'A', showIf: { field: 'b', op: 'filled' } },
        { key: 'b', type: 'select', label: 'B', options: [] },
        { key: 'a', type: 'shortText', label: 'A2', pattern: '(', min: 5, max: 2 },
      ],
    });
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toMatchObject({
      'fields.0.showIf': MESSAGES.formConditionField,
      'fields.1.options': MESSAGES.formOptionsRequired,
      'fields.2.key': 'Another field already uses the key a',
      'fields.2.pattern': MESSAGES.formPatternInvalid,
      'fields.2.max': MESSAGES.formMinAboveMax,
    });
  });

  it('refuses a length or count the answer could never meet: past the text limit, past the options, not whole', () => {
    const r = formDefinition.safeParse({
      fields: [
        { key: 'a', type: 'multiSelect', label: 'A', options: ['x', 'y'], min: 3 },
        { key: 'b', type: 'shortText', label: 'B', min: 600 },
        { key: 'c', type: 'longText', label: 'C', min: 2.5, max: 0 },
        { key: 'd', type: 'number', label: 'D', min: -2.5, max: 1e6 },
        { key: 'e', type: 'multiSelect', label: 'E', options: ['x', 'y'], min: 2, max: 2 },
      ],
    });
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      'fields.0.min': 'Enter a whole number from 0 to 2',
      'fields.1.min': 'Enter a whole number from 0 to 500',
      'fields.2.min': 'Enter a whole number from 0 to 5000',
      'fields.2.max': 'Enter a whole number from 1 to 5000',
    });
  });
});

describe('evaluateForm', () => {
  it('accepts a valid answer and keeps only shown, non-empty values, normalised', () => {
    const e = evaluateForm(FIELDS, { ...valid, name: '  Ada ', guests: '3', extras: ['c', 'a'] }, { strict: true });
    expect(e.errors).toEqual({});
    expect(e.values).toEqual({ name: 'Ada', contact: 'email', guests: 3, extras: ['a', 'c'], agree: true });
    expect(e.visible).not.toContain('phone');
    expect(e.required).toEqual(['name', 'agree']);
  });

  it('shows and requires a field by a condition on the field above', () => {
    const e = evaluateForm(FIELDS, { ...valid, contact: 'phone' });
    expect(e.visible).toContain('phone');
    expect(e.required).toContain('phone');
    expect(e.errors).toEqual({ phone: MESSAGES.fieldRequired });
    const ok = evaluateForm(FIELDS, { ...valid, contact: 'phone', phone: '(202) 555-0143' });
    expect(ok.values.phone).toBe('+12025550143');
  });

  it('refuses, on the server, an answer to a field its condition hides and a field the form lacks', () => {
    const e = evaluateForm(FIELDS, { ...valid, phone: '2025550143', admin: true }, { strict: true });
    expect(e.errors).toEqual({ phone: MESSAGES.formFieldNotShown, admin: MESSAGES.formFieldUnknown });
    // The renderer (not strict) ignores both: a value left in a field that got hidden is not sent.
    expect(evaluateForm(FIELDS, { ...valid, phone: '2025550143' }).errors).toEqual({});
  });

  it('gives each field its own message', () => {
    const e = evaluateForm(FIELDS, {
      name: 'A',
      email: 'not-mail',
      contact: 'fax',
      guests: '12',
      day: '2026-02-30',
      extras: ['a', 'b', 'c'],
      agree: false,
      code: 'abc-12',
    });
    expect(e.errors).toEqual({
      name: 'Must be at least 2 characters long',
      email: MESSAGES.emailInvalid,
      contact: MESSAGES.optionInvalid,
      guests: 'Must be at most 10',
      day: MESSAGES.dateInvalid,
      extras: 'Choose at most 2',
      agree: MESSAGES.fieldRequired,
      code: MESSAGES.formPatternMismatch,
    });
    expect(evaluateForm(FIELDS, { ...valid, guests: '1e3' }).errors.guests).toBe(MESSAGES.numberInvalid);
    expect(evaluateForm(FIELDS, { ...valid, agree: 'yes' }).errors.agree).toBe(MESSAGES.mustBeBoolean);
    expect(evaluateForm(FIELDS, { ...valid, code: 'ABC-12' }).errors).toEqual({});
  });

  it('fills hidden fields from the URL parameters', () => {
    const found = answersFromUrl(FIELDS, new URLSearchParams('utm_source=flyer&other=1'));
    expect(found).toEqual({ source: 'flyer' });
    expect(evaluateForm(FIELDS, { ...valid, ...found }).values.source).toBe('flyer');
  });

  it('leaves out a URL parameter its hidden field refuses, so the form can still be sent', () => {
    const fields = parse([
      { key: 'ref', type: 'hidden', label: 'Referrer', param: 'ref', pattern: '[a-z]+' },
      { key: 'source', type: 'hidden', label: 'Source', param: 'utm_source' },
    ]);
    const found = answersFromUrl(fields, new URLSearchParams(`ref=ABC!&utm_source=${'x'.repeat(501)}`));
    expect(found).toEqual({});
    expect(answersFromUrl(fields, new URLSearchParams('ref=partner&utm_source=flyer'))).toEqual({
      ref: 'partner',
      source: 'flyer',
    });
  });
});

describe('breakingChanges', () => {
  it('names removed and retyped fields and removed options, not additions or relabels', () => {
    const next = parse([
      { key: 'name', type: 'longText', label: 'Full name' },
      { key: 'contact', type: 'select', label: 'Contact', options: ['email', 'sms'] },
      { key: 'new', type: 'shortText', label: 'New' },
    ]);
    const before = FIELDS.filter((f) => ['name', 'contact', 'email'].includes(f.key));
    const changes = breakingChanges(before, next);
    expect(changes).toEqual([
      { kind: 'retyped', key: 'name', label: 'Name', from: 'shortText', to: 'longText' },
      { kind: 'removed', key: 'email', label: 'Email' },
      { kind: 'optionRemoved', key: 'contact', label: 'Contact me by', option: 'phone' },
    ]);
    expect(breakingErrors(changes).email).toBe('The field "Email" is removed.');
    expect(breakingChanges(before, [...before, ...next.slice(2)])).toEqual([]);
  });
});
