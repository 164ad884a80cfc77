/**
 * Bookings' pure parts: the shared rules (the form and the server refuse the same input with the
 * same message), free starts on the 15-minute grid, and the .ics writer (RFC 5545: CRLF, folding
 * at 75 octets without splitting a character, escaping, UTC times, METHOD and SEQUENCE).
 */
import { describe, expect, it } from 'vitest';
import { bookingRuleErrors, bookingSchema, freeStarts, rescheduleSchema } from '../../src/domain/bookings/rules';
import { bookingIcs, escapeText, foldLine, icsTime } from '../../server/modules/bookings/ics';

const H = 3_600_000;
const M = 60_000;
const T0 = Date.parse('2028-01-10T14:00:00Z');
const base = {
  startsAt: '2028-01-10T14:00:00Z',
  endsAt: '2028-01-10T15:00:00Z',
  customerName: 'Ada',
};
const errorsOf = (schema: typeof bookingSchema | typeof rescheduleSchema, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('booking rules', () => {
  it('takes a good booking, trimming and defaulting, phone to E.164', () => {
    const r = bookingSchema.parse({ ...base, customerName: ' Ada ', customerPhone: '202-555-0143' });
    expect(r).toMatchObject({ customerName: 'Ada', customerEmail: '', customerPhone: '+12025550143', notes: '' });
  });

  it('names the field of each bad value with the message the server sends', () => {
    expect(errorsOf(bookingSchema, { ...base, customerName: '' })).toEqual({
      customerName: "Enter the customer's name",
    });
    expect(errorsOf(bookingSchema, { ...base, endsAt: base.startsAt })).toEqual({
      endsAt: 'The booking must end after it starts',
    });
    expect(errorsOf(rescheduleSchema, { startsAt: 'soon', endsAt: base.endsAt })).toEqual({
      startsAt: 'Enter a valid date and time',
    });
    // Not an id at all: the one message of a malformed id (record-id.ts); an unknown product is the server's.
    expect(errorsOf(bookingSchema, { ...base, productId: 'x' })).toEqual({ productId: 'This id is not valid' });
  });

  it('needs the clock and the open hours: not in the past, inside one open interval', () => {
    const open = [{ start: T0 - H, end: T0 + 2 * H }];
    expect(bookingRuleErrors(base, { now: T0 - H, open })).toEqual({});
    expect(bookingRuleErrors(base, { now: T0 + M, open })).toEqual({ startsAt: 'A booking cannot start in the past' });
    expect(bookingRuleErrors(base, { now: 0, open: [{ start: T0 + 30 * M, end: T0 + 3 * H }] })).toEqual({
      startsAt: 'This time is outside the business hours',
    });
  });
});

describe('free starts', () => {
  const open = [{ day: '2028-01-10', start: T0, end: T0 + 3 * H }];

  it('every 15 minutes that fit, around busy times, back on the grid after one', () => {
    const starts = freeStarts(open, [{ start: T0 + 70 * M, end: T0 + 100 * M }], 30 * M, 0);
    // 45 and 60 would overlap 70…100; then from 105 (100 rounded up to the grid) to 150.
    expect(starts.map((s) => (s - T0) / M)).toEqual([0, 15, 30, 105, 120, 135, 150]);
  });

  it('nothing before notBefore; nothing when the duration is longer than the interval', () => {
    expect(freeStarts(open, [], 60 * M, T0 + 100 * M).map((s) => (s - T0) / M)).toEqual([105, 120]);
    expect(freeStarts(open, [], 4 * H, 0)).toEqual([]);
  });
});

describe('.ics', () => {
  const event = {
    uid: 'booking-1@backoffice',
    sequence: 0,
    method: 'REQUEST' as const,
    start: T0,
    end: T0 + H,
    stamp: Date.parse('2027-12-01T08:30:05.123Z'),
    summary: 'Portrait session – Studio, Inc; Main',
    description: 'Bring\nthe dress, please \\ thanks',
    location: '1 Main St, Springfield, IL 62701',
    organizer: { name: 'Studio, Inc', email: 'no-reply@example.com' },
    attendee: { name: 'Ada Lovelace', email: 'ada@example.com' },
  };

  it('writes a VCALENDAR with one VEVENT: CRLF lines, UTC times with Z, escaped text', () => {
    const ics = bookingIcs(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Back Office//Bookings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toContain('UID:booking-1@backoffice');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('DTSTAMP:20271201T083005Z');
    expect(lines).toContain('DTSTART:20280110T140000Z');
    expect(lines).toContain('DTEND:20280110T150000Z');
    expect(lines).toContain('SUMMARY:Portrait session – Studio\\, Inc\\; Main');
    expect(lines).toContain('DESCRIPTION:Bring\\nthe dress\\, please \\\\ thanks');
    expect(lines).toContain('LOCATION:1 Main St\\, Springfield\\, IL 62701');
    expect(lines).toContain('ORGANIZER;CN="Studio, Inc":mailto:no-reply@example.com');
    expect(lines).toContain('ATTENDEE;CN=Ada Lovelace;ROLE=REQ-PARTICIPANT:mailto:ada@example.com');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
  });

  it('a cancel is METHOD:CANCEL and STATUS:CANCELLED with the given sequence', () => {
    const ics = bookingIcs({ ...event, method: 'CANCEL', sequence: 2 });
    expect(ics).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(ics).toContain('\r\nSEQUENCE:2\r\n');
    expect(ics).toContain('\r\nSTATUS:CANCELLED\r\n');
  });

  it('folds at 75 octets, continuation lines start with a space, never splitting a character', () => {
    const long = `SUMMARY:${'é'.repeat(100)}`; // 8 + 200 octets
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const [i, part] of parts.entries()) {
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(long);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(foldLine('X'.repeat(76)).split('\r\n')).toEqual(['X'.repeat(75), ' X']);
  });

  it('escapes and formats as RFC 5545 says', () => {
    expect(escapeText('a,b;c\\d\r\ne\nf')).toBe('a\\,b\\;c\\\\d\\ne\\nf');
    expect(icsTime(Date.parse('2028-03-08T07:05:09.999Z'))).toBe('20280308T070509Z');
  });
});
