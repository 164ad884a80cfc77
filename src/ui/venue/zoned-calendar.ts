import { Calendar } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
// antd's own date adapter for its Calendar (antd/es/calendar builds its default Calendar on it).
import dayjsGenerateConfig from 'rc-picker/es/generate/dayjs';
import { zonedParts } from '../../domain/venue/opening-hours';

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
    calendar = Calendar.generateCalendar<Dayjs>({
      ...dayjsGenerateConfig,
      getNow: () => {
        const now = zonedParts(Date.now(), timeZone);
        // The zone's wall clock read as this device's: dayjs has no zones, the calendar compares days.
        return dayjs(new Date(now.year, now.month - 1, now.day, 0, now.minutes, now.seconds));
      },
    });
    calendars.set(timeZone, calendar);
  }
  return calendar;
}
