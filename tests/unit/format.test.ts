// @vitest-environment node
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../src/domain/constants';
import {
  clockFor,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatTimeAgo,
  formatTime,
  PENDING_CLOCK,
  todayLocal,
  viewerTimeZone,
  zoneOnceKnown,
} from '../../src/ui/format';
import { formatUsd, formatUsdOff } from '../../src/domain/money';

describe('formats of product brief section 9', () => {
  it('writes dates as MM/DD/YYYY and MM/DD/YYYY h:mm A', () => {
    expect(formatDate(new Date(2026, 0, 5, 14, 7))).toBe('01/05/2026');
    expect(formatDateTime(new Date(2026, 0, 5, 14, 7))).toBe('01/05/2026 2:07 PM');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('reads and writes every kind of date the API and forms give exactly as dayjs does with the brief’s formats', () => {
    const inputs = [
      '2026-11-29',
      '2026-02-03',
      '2026-11-29T23:30:00Z',
      '2026-11-29T00:15:00.123Z',
      '2026-11-29T12:00:00+05:30',
      '2026-11-29T12:00:00-08:00',
      '2026-11-29 21:30',
      '2026-11-29T09:05:07.250',
      '2026/11/29',
      '20261129',
      '0999-01-01',
      '',
      'soon',
      '2026-13-45',
      1764410400000,
      0,
      new Date(2026, 11, 31, 23, 59),
      new Date(2026, 6, 4, 0, 0),
      new Date(2026, 6, 4, 12, 0),
      new Date('invalid'),
    ];
    for (const input of inputs) {
      const d = dayjs(input);
      expect([input, formatDate(input)]).toEqual([input, d.isValid() ? d.format(DATE_FORMAT) : '']);
      expect([input, formatDateTime(input)]).toEqual([input, d.isValid() ? d.format(DATE_TIME_FORMAT) : '']);
    }
    expect(todayLocal()).toBe(dayjs().format('YYYY-MM-DD'));
  });

  it('writes seconds where a screen refreshes faster than a minute (the status page), as dayjs did', () => {
    for (const input of ['2026-11-29T23:30:05Z', '2026-11-29T09:05:07.250', new Date(2026, 0, 5, 0, 0, 9)]) {
      expect(formatDateTimeSeconds(input)).toBe(dayjs(input).format(`${DATE_FORMAT} h:mm:ss A`));
    }
    expect(formatDateTimeSeconds('2026-11-29T23:30:05Z', 'America/New_York')).toBe('11/29/2026 6:30:05 PM');
    expect(formatDateTimeSeconds('soon')).toBe('');
  });

  it("writes how long ago in the reader's language, at dayjs's steps, with 'now' under 45 seconds", () => {
    const now = Date.UTC(2026, 10, 29, 12, 0);
    const ago = (seconds: number, language = 'en') => formatTimeAgo(now - seconds * 1000, language, now);
    expect([ago(0), ago(44), ago(45), ago(60 * 44), ago(60 * 45), ago(3600 * 21)]).toEqual([
      'now',
      'now',
      '1 minute ago',
      '44 minutes ago',
      '1 hour ago',
      '21 hours ago',
    ]);
    expect([ago(3600 * 23), ago(86400 * 25), ago(86400 * 40), ago(86400 * 400)]).toEqual([
      '1 day ago',
      '25 days ago',
      '1 month ago',
      '1 year ago',
    ]);
    expect([ago(0, 'es'), ago(60 * 5, 'es'), ago(3600 * 3, 'es')]).toEqual(['ahora', 'hace 5 minutos', 'hace 3 horas']);
    // A clock a little ahead of the server's is still "now", never "in 2 seconds".
    expect(formatTimeAgo(now + 2000, 'en', now)).toBe('now');
    expect(formatTimeAgo(new Date(now).toISOString(), 'en', now + 120_000)).toBe('2 minutes ago');
    expect(formatTimeAgo('soon', 'en', now)).toBe('');
  });

  it('writes cents as en-US dollars', () => {
    expect(formatUsd(1400)).toBe('$14.00');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('writes money taken off with a minus sign, and nothing taken off as $0.00, never −$0.00', () => {
    expect(formatUsdOff(250)).toBe('\u2212$2.50');
    expect(formatUsdOff(0)).toBe('$0.00');
    expect(formatUsdOff(-0)).toBe('$0.00');
    expect(formatUsdOff(123456, '-')).toBe('-$1,234.56');
  });
});

// Which clock a moment is shown on (docs/architecture.md): the same instant written at fixed
// zones, whatever zone runs the test (run it with TZ=UTC, America/Los_Angeles, Asia/Kolkata).
describe('a moment on a given clock', () => {
  const moment = '2026-11-29T23:30:00Z';

  it('writes an instant at the zone asked, and a wall-clock value as it reads in any zone', () => {
    expect(formatDateTime(moment, 'America/New_York')).toBe('11/29/2026 6:30 PM');
    expect(formatDateTime(moment, 'Asia/Tokyo')).toBe('11/30/2026 8:30 AM');
    expect(formatDate(moment, 'Asia/Tokyo')).toBe('11/30/2026');
    expect(formatTime(moment, 'Europe/London')).toBe('11:30 PM');
    expect(formatDateTime('2026-11-29T12:00:00+05:30', 'UTC')).toBe('11/29/2026 6:30 AM');
    expect(formatTime(Date.UTC(2026, 0, 1, 0, 0), 'UTC')).toBe('12:00 AM');
    expect(formatTime(Date.UTC(2026, 0, 1, 12, 0), 'UTC')).toBe('12:00 PM');
    // A calendar day and a typed date and time are not instants: no zone moves them.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', undefined]) {
      expect(formatDate('2026-12-24', zone)).toBe('12/24/2026');
      expect(formatDateTime('2026-12-24 21:30', zone)).toBe('12/24/2026 9:30 PM');
    }
    expect(formatDateTime('soon', 'UTC')).toBe('');
    expect(formatDateTime(null, 'UTC')).toBe('');
  });

  it('keeps the wall clock right across a daylight-saving change, and names the zone as it changes', () => {
    const other = viewerTimeZone() === 'America/New_York' ? 'America/Chicago' : 'America/New_York';
    const clock = clockFor(other);
    const local = other === 'America/New_York' ? ['EST', 'EDT'] : ['CST', 'CDT'];
    const offset = other === 'America/New_York' ? 0 : 1;
    // Spring forward, 03/08/2026: 1:59 AM standard time is followed by 3:00 AM daylight time.
    expect(clock.dateTime(Date.UTC(2026, 2, 8, 6 + offset, 59))).toBe(`03/08/2026 1:59 AM ${local[0]}`);
    expect(clock.dateTime(Date.UTC(2026, 2, 8, 7 + offset, 0))).toBe(`03/08/2026 3:00 AM ${local[1]}`);
    // Fall back, 11/01/2026: 1:30 AM comes twice; the name tells them apart.
    expect(clock.dateTime(Date.UTC(2026, 10, 1, 5 + offset, 30))).toBe(`11/01/2026 1:30 AM ${local[1]}`);
    expect(clock.dateTime(Date.UTC(2026, 10, 1, 6 + offset, 30))).toBe(`11/01/2026 1:30 AM ${local[0]}`);
    expect(clock.time(Date.UTC(2026, 10, 1, 6 + offset, 30))).toBe('1:30 AM');
    expect(clock.zoneSuffix(Date.UTC(2026, 10, 1, 6 + offset, 30))).toBe(` ${local[0]}`);
    expect(clockFor().zoneSuffix(Date.UTC(2026, 10, 1, 6 + offset, 30))).toBe('');
    expect(clock.date(Date.UTC(2026, 10, 1, 3 + offset, 30))).toBe('10/31/2026');
  });

  it("names the zone only when it is not the reader's own, and never on a wall-clock value", () => {
    const here = clockFor(viewerTimeZone());
    expect(here.timeZone).toBeUndefined();
    expect(here.dateTime(moment)).toBe(formatDateTime(moment));
    expect(clockFor().dateTime(moment)).toBe(formatDateTime(moment));
    const away = viewerTimeZone() === 'Asia/Kolkata' ? 'Europe/Paris' : 'Asia/Kolkata';
    expect(clockFor(away).dateTime('2026-12-24 21:30')).toBe('12/24/2026 9:30 PM');
    expect(clockFor(away).dateTime('')).toBe('');
    expect(clockFor('Asia/Kolkata').dateTime(moment)).toBe(
      away === 'Asia/Kolkata' ? '11/30/2026 5:00 AM GMT+5:30' : '11/30/2026 5:00 AM',
    );
  });

  it('writes nothing while the business zone is unknown', () => {
    expect([PENDING_CLOCK.date(moment), PENDING_CLOCK.dateTime(moment), PENDING_CLOCK.time(moment)]).toEqual([
      '',
      '',
      '',
    ]);
    expect(PENDING_CLOCK.ready).toBe(false);
  });

  // The events page and the reservations page (through nightZone) pick their zone so.
  it("picks the business's zone once read, none while it is read, and this device's only if the read failed", () => {
    expect(zoneOnceKnown(null, false)).toBeNull();
    expect(zoneOnceKnown(undefined, false)).toBeNull();
    expect(zoneOnceKnown('America/New_York', false)).toBe('America/New_York');
    // A read that answered and later failed to refresh keeps the zone it had.
    expect(zoneOnceKnown('America/New_York', true)).toBe('America/New_York');
    expect(zoneOnceKnown(null, true)).toBe(viewerTimeZone());
  });
});
