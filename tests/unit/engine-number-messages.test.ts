// @vitest-environment node
/**
 * A declared resource's number fields say the same of typed text on the server and in the form,
 * from one schema (field-rules.ts valueSchema): the server answers validateRecord's messages
 * (crud-routes.ts) and the form shows formErrors', which runs the same validateRecord.
 */
import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { validateRecord } from '../../src/domain/resources/field-rules';
import type { FieldDeclaration } from '../../src/domain/resources/types';
import { formErrors } from '../../src/resources/engine/form-errors';
import { defineResource } from '../../src/domain/resources/types';

const things = defineResource({
  name: 'things',
  table: { name: 'test_things' },
  routes: { list: 'things', create: 'things/create', edit: 'things/:id/edit', show: 'things/:id' },
  api: { base: '/api/test/things' },
  access: { list: ['USER'], show: ['USER'], create: ['USER'], update: ['USER'], delete: ['USER'] },
  titleField: 'count',
  fields: {
    count: { type: 'integer' },
    price: { type: 'money' },
    length: { type: 'hours' },
    rate: { type: 'percent' },
    amount: { type: 'quantity' },
    lines: { type: 'lines', lines: { fields: { qty: { type: 'integer' }, unit: { type: 'money' } } } },
  },
});

/** The server's answer for a body (crud-routes.ts sends validateRecord's errors). */
const serverSays = (body: Record<string, unknown>) => {
  const checked = validateRecord(things, 'create', body);
  return checked.ok ? {} : checked.errors;
};
const formSays = (body: Record<string, unknown>) => formErrors(things, 'create', null, body, '2026-11-30');

describe('text typed in a number field of a declared resource', () => {
  const typed = { count: 'two', price: 'abc', length: 'an hour', rate: 'ten', amount: '1,5' };
  const expected = {
    count: MESSAGES.wholeNumberInvalid,
    price: MESSAGES.amountInvalid,
    length: MESSAGES.numberInvalid,
    // A percent and a quantity have one message for every way they are wrong: typed text too.
    rate: MESSAGES.percentInvalid,
    amount: formatMessage('quantityInvalid', { max: '1,000,000' }),
  };

  it('is answered by the server as the form says it: what the field takes', () => {
    expect(serverSays(typed)).toEqual(expected);
    expect(formSays(typed)).toEqual(expected);
  });

  it('in a line’s cell too', () => {
    const body = { lines: [{ qty: 'two', unit: 'abc' }] };
    const cells = { 'lines.0.qty': MESSAGES.wholeNumberInvalid, 'lines.0.unit': MESSAGES.amountInvalid };
    expect(serverSays(body)).toEqual(cells);
    expect(formSays(body)).toEqual(cells);
  });

  it('a value that is no number and no text keeps the field’s own message, and numbers their bounds', () => {
    const field = (f: FieldDeclaration, value: unknown) => {
      const checked = validateRecord({ fields: { f } }, 'create', { f: value });
      return checked.ok ? undefined : checked.errors.f;
    };
    expect(field({ type: 'integer' }, true)).toBe(MESSAGES.mustBeNumber);
    expect(field({ type: 'money' }, true)).toBe(MESSAGES.mustBeNumber);
    expect(field({ type: 'percent' }, true)).toBe(MESSAGES.percentInvalid);
    expect(field({ type: 'integer' }, 2.5)).toBe(MESSAGES.mustBeInteger);
    expect(field({ type: 'money' }, 2.5)).toBe(MESSAGES.amountInvalid);
    expect(field({ type: 'percent' }, 101)).toBe(MESSAGES.percentInvalid);
  });
});
