// @vitest-environment node
/**
 * The rules the fleet manager's employees and customers added to the engine: the expiry flag
 * (src/domain/resources/expiry.ts), the ZIP field, and ids in a query parameter the brief names.
 */
import { describe, expect, it } from 'vitest';
import { expiryState } from '../../src/domain/resources/expiry';
import { endpointOf, recordUrl } from '../../src/domain/resources/endpoints';
import { validateRecord } from '../../src/domain/resources/field-rules';
import customers from '../../src/resources/customers/resource';
import employees, { LICENCE_WARNING_DAYS } from '../../src/resources/employees/resource';

describe('expiryState', () => {
  const today = '2026-03-10';
  it('is expired from the day after the expiry date', () => {
    expect(expiryState('2026-03-09', today, 30)).toBe('expired');
    expect(expiryState('2025-12-31', today, 30)).toBe('expired');
  });
  it('is soon from its last day back to soonDays before it, across month ends', () => {
    expect(expiryState('2026-03-10', today, 30)).toBe('soon');
    expect(expiryState('2026-04-09', today, 30)).toBe('soon');
    expect(expiryState('2026-04-10', today, 30)).toBe('valid');
    expect(expiryState('2024-03-01', '2024-02-28', 1)).toBe('valid');
    expect(expiryState('2024-02-29', '2024-02-28', 1)).toBe('soon');
  });
  it('employees flag licences 30 days ahead', () => {
    expect(LICENCE_WARNING_DAYS).toBe(30);
    expect(employees.fields.licenceExpiry.expiry.soonDays).toBe(LICENCE_WARNING_DAYS);
  });
});

describe('zip fields', () => {
  const zip = (value: string) => validateRecord(customers, 'update', { zip: value });
  it("takes exactly five digits, with the card form's messages", () => {
    expect(zip(' 60601 ')).toEqual({ ok: true, value: { zip: '60601' } });
    expect(zip('6060')).toEqual({ ok: false, errors: { zip: 'Must be exactly 5 digits' } });
    expect(zip('606011')).toEqual({ ok: false, errors: { zip: 'Must be exactly 5 digits' } });
    expect(zip('60-601')).toEqual({ ok: false, errors: { zip: 'Must be only digits' } });
    expect(zip('')).toEqual({ ok: true, value: { zip: null } });
  });
});

describe('ids in a named query parameter', () => {
  it('builds the delete URL the brief names, and the update keeps the id in the body', () => {
    expect(recordUrl(endpointOf(employees, 'delete'), 'a b')).toBe('/api/Business/employees?employeeId=a%20b');
    expect(recordUrl(endpointOf(customers, 'delete'), 'c1')).toBe('/api/Business/customers?customerId=c1');
    expect(endpointOf(employees, 'update')).toEqual({ method: 'PUT', path: '/api/Business/employees', id: 'body' });
    expect(recordUrl(endpointOf(employees, 'show'), 'e1')).toBe('/api/Business/employees/e1');
  });
});
