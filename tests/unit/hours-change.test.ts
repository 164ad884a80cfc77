// @vitest-environment node
/**
 * How a closure mail says what the days became (src/domain/email-templates/hours-change.ts), in
 * English and Spanish: one day or a span, closed or other hours, a venue's night, the note.
 */
import { describe, expect, it } from 'vitest';
import { hoursChangeText } from '../../src/domain/email-templates/hours-change';

const day = { startDate: '2026-12-25', endDate: '2026-12-25', closed: true, hours: [], note: null };

describe('hoursChangeText', () => {
  it('a closed day, a span, and a venue night, with the note', () => {
    expect(hoursChangeText(day, 'en')).toBe('closed on Friday, 12/25/2026');
    expect(hoursChangeText(day, 'es')).toBe('cerrado el viernes, 12/25/2026');
    const span = { ...day, endDate: '2026-12-27', note: 'Holidays' };
    expect(hoursChangeText(span, 'en')).toBe('closed from Friday, 12/25/2026 to Sunday, 12/27/2026 (Holidays)');
    expect(hoursChangeText(span, 'es')).toBe('cerrado del viernes, 12/25/2026 al domingo, 12/27/2026 (Holidays)');
    expect(hoursChangeText({ ...day, night: true }, 'en')).toBe('closed on the night of Friday, 12/25/2026');
    expect(hoursChangeText({ ...day, night: true }, 'es')).toBe('cerrado la noche del viernes, 12/25/2026');
  });

  it('other hours in 12-hour clock time, several joined', () => {
    const hours = [
      { start: '09:00', end: '12:00' },
      { start: '13:30', end: '17:00' },
    ];
    expect(hoursChangeText({ ...day, closed: false, hours }, 'en')).toBe(
      'open only 9:00 AM – 12:00 PM, 1:30 PM – 5:00 PM on Friday, 12/25/2026',
    );
    expect(hoursChangeText({ ...day, closed: false, hours }, 'es')).toBe(
      'abierto solo de 9:00 AM a 12:00 PM y de 1:30 PM a 5:00 PM el viernes, 12/25/2026',
    );
  });
});
