// @vitest-environment node
/**
 * The engine's whole-record rules (src/domain/resources/record-rules.ts) and its 'references' and
 * 'time' field types, as the service tickets declare them: the form and the server run exactly
 * these, so each message here is what a user reads on either side.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { validateRecord } from '../../src/domain/resources/field-rules';
import { allowedStates, isLocked, recordRuleErrors } from '../../src/domain/resources/record-rules';
import serviceTickets from '../../src/resources/service-tickets/resource';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const status = serviceTickets.fields.status;
const base = { title: 'Fix the gate', customer: ID(1), address: '1 Main St, Austin', priority: 'normal' };

describe('state transitions', () => {
  it('offers a new record its start states, a stored one its current state and next moves', () => {
    expect(allowedStates(status, undefined)).toEqual(['open', 'scheduled']);
    expect(allowedStates(status, 'open')).toEqual(['open', 'scheduled', 'cancelled']);
    expect(allowedStates(status, 'in_progress')).toEqual(['in_progress', 'done', 'cancelled']);
    expect(allowedStates(status, 'done')).toEqual(['done', 'in_progress']);
    expect(allowedStates(status, 'cancelled')).toEqual(['cancelled', 'open']);
  });

  it('refuses a move that is not listed, once, on the status', () => {
    const before = { ...base, status: 'open' };
    expect(recordRuleErrors(serviceTickets, before, { ...before, status: 'done' }, ['status'])).toEqual({
      status: 'This status cannot follow the current one',
    });
    expect(recordRuleErrors(serviceTickets, null, { ...base, status: 'in_progress' }, ['status'])).toEqual({
      status: 'This status cannot follow the current one',
    });
  });

  it('needs a date for scheduled, in progress and done', () => {
    const before = { ...base, status: 'open', scheduledDate: null };
    expect(recordRuleErrors(serviceTickets, before, { ...before, status: 'scheduled' }, ['status'])).toEqual({
      scheduledDate: 'Choose the date to schedule this ticket',
    });
    const dated = { ...before, status: 'scheduled', scheduledDate: '2026-12-01' };
    expect(recordRuleErrors(serviceTickets, before, dated, ['status', 'scheduledDate'])).toEqual({});
  });

  it('keeps a closed record read-only but for reopening', () => {
    const done = { ...base, status: 'done', scheduledDate: '2026-12-01' };
    expect(isLocked(serviceTickets, done)).toBe(true);
    expect(isLocked(serviceTickets, { ...done, status: 'in_progress' })).toBe(false);
    expect(recordRuleErrors(serviceTickets, done, { ...done, title: 'Other' }, ['title'])).toEqual({
      title: 'This record is closed: reopen it to change it',
    });
    // Sending a field unchanged is not a change.
    expect(recordRuleErrors(serviceTickets, done, { ...done }, ['title', 'status'])).toEqual({});
    expect(recordRuleErrors(serviceTickets, done, { ...done, status: 'in_progress' }, ['status'])).toEqual({});
  });

  it('wants a time window to end after it starts', () => {
    const rec = { ...base, status: 'open', windowStart: '14:00', windowEnd: '09:30' };
    expect(recordRuleErrors(serviceTickets, null, rec, ['windowStart', 'windowEnd'])).toEqual({
      windowEnd: 'The window must end after it starts',
    });
    expect(recordRuleErrors(serviceTickets, null, { ...rec, windowEnd: '15:00' }, ['windowEnd'])).toEqual({});
  });
});

describe('references and time fields', () => {
  it('takes a list of ids (duplicates once), refuses a non-list, a bad id and too many', () => {
    const ok = validateRecord(serviceTickets, 'create', { ...base, assignedEmployees: [ID(2), ID(2), ID(3)] });
    expect(ok.ok && ok.value.assignedEmployees).toEqual([ID(2), ID(3)]);
    const bad = validateRecord(serviceTickets, 'update', { assignedEmployees: 'all' });
    expect(bad.ok ? null : bad.errors).toEqual({ assignedEmployees: 'The selected record does not exist' });
    const badId = validateRecord(serviceTickets, 'update', { assignedEmployees: [ID(2), 'x'] });
    // Not an id at all: the one message of a malformed id (record-id.ts), as the server's.
    expect(badId.ok ? null : badId.errors).toEqual({ assignedEmployees: MESSAGES.idInvalid });
    const many = validateRecord(serviceTickets, 'update', {
      assignedEmployees: Array.from({ length: 11 }, (_, i) => ID(i + 10)),
    });
    expect(many.ok ? null : many.errors).toEqual({ assignedEmployees: 'Choose at most 10' });
    const none = validateRecord(serviceTickets, 'create', base);
    expect(none.ok && none.value.assignedEmployees).toEqual([]);
  });

  it('takes HH:MM times only', () => {
    const good = validateRecord(serviceTickets, 'update', { windowStart: '06:30', windowEnd: '23:59' });
    expect(good.ok).toBe(true);
    for (const time of ['24:00', '6:30', '06:60', 'noon']) {
      const bad = validateRecord(serviceTickets, 'update', { windowStart: time });
      expect(bad.ok ? null : bad.errors, time).toEqual({ windowStart: 'Enter a time between 00:00 and 23:59' });
    }
  });
});
