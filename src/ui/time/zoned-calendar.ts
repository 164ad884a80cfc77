import { Calendar } from 'antd';
import type { Dayjs } from 'dayjs';
import { zonedGenerateConfig } from './zoned-now';

type ZonedCalendar = ReturnType<typeof Calendar.generateCalendar<Dayjs>>;
const calendars = new Map<string, ZonedCalendar>();

/**
 * antd's Calendar whose 'today' is today on the business's clock (docs/architecture.md, "Which
 * clock a moment is shown on"): antd marks the device's date, a day early or late for an owner
 * abroad, or anyone in the evening west of the business. One component per zone, made once, so a
 * page that renders it again keeps the same component (and the calendar's state).
 */
export function zonedCalendar(timeZone: string): ZonedCalendar {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    calendar = Calendar.generateCalendar<Dayjs>(zonedGenerateConfig(timeZone));
    calendars.set(timeZone, calendar);
  }
  return calendar;
}
