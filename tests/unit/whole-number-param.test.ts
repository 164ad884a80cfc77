// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PAGING } from '../../src/domain/constants';
import { MESSAGES } from '../../src/domain/messages';
import { fieldErrors, pagingQuery } from '../../src/domain/schemas/common';
import { wholeNumberParam } from '../../src/domain/schemas/whole-number';
import { sentValues } from '../../src/domain/schemas/query-values';

/** A query as a list route takes it: a required year, a page that defaults to 1, an optional amount. */
const query = z.object({
  year: wholeNumberParam(z.gte(2000, MESSAGES.invalidValue), z.lte(2100, MESSAGES.invalidValue)),
  page: z._default(wholeNumberParam(z.gte(1, MESSAGES.mustBePositive)), 1),
  minAmount: z.optional(wholeNumberParam(z.gte(0, MESSAGES.wholeNumberInvalid))),
  status: z.optional(z.enum(['open', 'closed'], { error: MESSAGES.invalidValue })),
});
/** What the route is told of the query as sent: the server reads it through sentValues first. */
const says = (schema: z.ZodMiniType, input: unknown) => {
  const parsed = schema.safeParse(sentValues(input));
  return parsed.success ? parsed.data : fieldErrors(parsed.error);
};

describe('a whole number in a query string or a path', () => {
  it('left out or sent empty, a required one is "This field is required", as an empty form field', () => {
    // Before: undefined was coerced to NaN ("Enter a whole number") and '' to 0 (the range message).
    for (const absent of [{}, { year: undefined }, { year: '' }, { year: '  ' }]) {
      expect(says(query, absent), JSON.stringify(absent)).toEqual({ year: MESSAGES.fieldRequired });
    }
  });

  it('typed text that is not a whole number still asks for one', () => {
    for (const typed of ['abc', '1.5', '12abc', 'twelve', 'Infinity']) {
      expect(says(query, { year: typed }), typed).toEqual({ year: MESSAGES.wholeNumberInvalid });
    }
    // Repeated in the URL (?year=2026&year=2027): not one number.
    expect(says(query, { year: ['2026', '2027'] })).toEqual({ year: MESSAGES.wholeNumberInvalid });
  });

  it('reads whole numbers, and keeps each bound’s own message', () => {
    expect(says(query, { year: '2026' })).toEqual({ year: 2026, page: 1 });
    expect(says(query, { year: ' 2026 ', page: '3', minAmount: '0' })).toEqual({ year: 2026, page: 3, minAmount: 0 });
    expect(says(query, { year: 2026 })).toEqual({ year: 2026, page: 1 });
    expect(says(query, { year: '1999' })).toEqual({ year: MESSAGES.invalidValue });
    expect(says(query, { year: '2026', page: '0' })).toEqual({ page: MESSAGES.mustBePositive });
  });

  it('optional and defaulted ones sent empty read as left out: the default applies, never 0', () => {
    expect(says(pagingQuery, {})).toEqual({ page: 1, perPage: PAGING.defaultPerPage });
    expect(says(query, { year: '2026' })).toEqual({ year: 2026, page: 1 });
    // Before: '' was refused as required ('?page=' from a list's own link); earlier still, read as 0.
    expect(says(pagingQuery, { page: '', perPage: ' ' })).toEqual({ page: 1, perPage: PAGING.defaultPerPage });
    expect(says(query, { year: '2026', page: '', minAmount: '', status: '' })).toEqual({ year: 2026, page: 1 });
    // Typed text is still refused, an enum's unknown value too.
    expect(says(pagingQuery, { page: 'abc' })).toEqual({ page: MESSAGES.wholeNumberInvalid });
    expect(says(query, { year: '2026', status: 'pending' })).toEqual({ status: MESSAGES.invalidValue });
    // A repeated parameter is kept as sent (not one number).
    expect(says(query, { year: '2026', page: ['', '2'] })).toEqual({ page: MESSAGES.wholeNumberInvalid });
  });

  it('a path value sent empty is refused as required, as the schema reads it', () => {
    const path = z.object({ version: wholeNumberParam(z.gte(1, MESSAGES.mustBePositive)) });
    expect(fieldErrors(path.safeParse({ version: '' }).error!)).toEqual({ version: MESSAGES.fieldRequired });
  });

  it('documents an integer with its bounds and its default in the OpenAPI input schema', () => {
    const json = z.toJSONSchema(query, { io: 'input' });
    expect(json.properties).toEqual({
      year: { type: 'integer', minimum: 2000, maximum: 2100 },
      page: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 },
      minAmount: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      status: { type: 'string', enum: ['open', 'closed'] },
    });
    expect(json.required).toEqual(['year']);
  });
});
