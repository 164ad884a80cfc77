import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { zonedCalendar } from '../../src/ui/time/zoned-calendar';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The day antd's Calendar marks as today, drawn at the given instant. */
function todayAt(instant: string, timeZone: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  const Calendar = zonedCalendar(timeZone);
  const { container } = render(<Calendar fullscreen={false} />);
  return container.querySelector('.ant-picker-cell-today')?.getAttribute('title');
}

describe('zonedCalendar', () => {
  it("marks today on the business's clock, not this device's", () => {
    // 03:30 UTC on 11/30 is still the evening of 11/29 in New York, already 11/30 in Tokyo.
    expect(todayAt('2026-11-30T03:30:00Z', 'America/New_York')).toBe('2026-11-29');
    expect(todayAt('2026-11-30T03:30:00Z', 'Asia/Tokyo')).toBe('2026-11-30');
    // Late in Tokyo is the next day there: a new month, on a calendar that opens on that month.
    expect(todayAt('2026-11-30T16:00:00Z', 'Asia/Tokyo')).toBe('2026-12-01');
  });

  it('is one component per zone, so a page drawn again keeps its calendar', () => {
    expect(zonedCalendar('America/New_York')).toBe(zonedCalendar('America/New_York'));
    expect(zonedCalendar('America/New_York')).not.toBe(zonedCalendar('Asia/Tokyo'));
  });
});
