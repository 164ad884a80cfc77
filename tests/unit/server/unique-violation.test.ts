// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../../server/db/unique-violation';

describe('isUniqueViolation', () => {
  it("knows the driver's error and Drizzle's wrapper around it", () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('query failed'), { cause: { code: '23505' } }))).toBe(true);
  });

  it('refuses other database errors and things that are no error at all', () => {
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation({ cause: { code: '23502' } })).toBe(false);
    expect(isUniqueViolation({ cause: null })).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
