/**
 * The public form stops typing at a text answer's longest, as the generated forms do (maxLength):
 * before, a visitor could type 300 characters into a Company of at most 100 and was only then told
 * "at most 100". The longest is the field's max within its type's limit (the same number the form's
 * check and the server refuse past: answerMaxLength, src/domain/forms/evaluate.ts).
 */
import { beforeAll, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import FormRenderer from '../../src/custom/forms/renderer/FormRenderer';
import { formDefinition } from '../../src/domain/forms/definition';
import { evaluateForm } from '../../src/domain/forms/evaluate';
import { initEnglish } from './helpers/i18n';

beforeAll(() => initEnglish());

const fields = formDefinition.parse({
  fields: [
    { key: 'company', type: 'shortText', label: 'Company', max: 100 },
    { key: 'notes', type: 'longText', label: 'Notes' },
    { key: 'email', type: 'email', label: 'Email' },
    { key: 'phone', type: 'phone', label: 'Phone' },
  ],
}).fields;

const maxLength = (name: string) => screen.getByRole('textbox', { name }).getAttribute('maxlength');

it("stops typing at the field's max, or its type's limit", () => {
  render(<FormRenderer fields={fields} submitLabel="Send" />);
  expect(maxLength('Company')).toBe('100');
  expect(maxLength('Notes')).toBe('5000');
  expect(maxLength('Email')).toBe('254');
  expect(maxLength('Phone')).toBe('40');
});

it('takes an answer of exactly that length, and the check refuses one longer', () => {
  const at = evaluateForm(fields, { company: 'x'.repeat(100) });
  expect(at.errors.company).toBeUndefined();
  const past = evaluateForm(fields, { company: 'x'.repeat(101) });
  expect(past.errors.company).toBe('Must be at most 100 characters long');
});
