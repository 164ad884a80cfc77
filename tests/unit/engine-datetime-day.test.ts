// @vitest-environment node
/**
 * A declared resource's date-time field refuses a day the calendar does not have ('2026-02-30',
 * hour 24), which Date.parse alone rolls over to another day that would be saved without a word;
 * a real day and time, with or without an offset, is taken.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { validateRecord } from '../../src/domain/resources/field-rules';
import { defineResource } from '../../src/domain/resources/types';

const visits = defineResource({
  name: 'visits',
  table: { name: 'test_visits' },
  routes: { list: 'visits', create: 'visits/create', edit: 'visits/:id/edit', show: 'visits/:id' },
  api: { base: '/api/test/visits' },
  access: { list: ['USER'], show: ['USER'], create: ['USER'], update: ['USER'], delete: ['USER'] },
  titleField: 'at',
  fields: { at: { type: 'datetime', required: true } },
});

const errorsOf = (at: string) => {
  const checked = validateRecord(visits, 'create', { at });
  return checked.ok ? {} : checked.errors;
};

describe('a date-time field of a declared resource', () => {
  it.each(['2026-02-30T22:00:00.000Z', '2026-04-31T09:00Z', '2026-03-01T24:00:00Z', '2026-13-01T10:00Z'])(
    'refuses %s, a day or hour the calendar does not have',
    (at) => expect(errorsOf(at)).toEqual({ at: MESSAGES.dateInvalid }),
  );
  it.each(['2026-02-28T22:00:00.000Z', '2028-02-29T09:30Z', '2026-03-01T10:00:00+02:00'])('takes %s', (at) =>
    expect(errorsOf(at)).toEqual({}),
  );
});
