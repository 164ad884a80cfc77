import dayjs, { type Dayjs } from 'dayjs';
import type { GenerateConfig } from 'rc-picker/es/generate';
// antd's own date adapter for its pickers and Calendar (antd builds its default ones on it).
import dayjsGenerateConfig from 'rc-picker/es/generate/dayjs';
import { zonedParts, zonedTimeToInstant } from '../../domain/venue/opening-hours';

/**
 * The zone's wall clock at an instant, read as this device's: dayjs has no zones, and antd's
 * pickers and calendars compare days and times of the day, so the business's 11/29 9:30 PM is a
 * dayjs of 11/29 9:30 PM here, whatever this device's zone.
 */
export function wallClockAt(instant: number, timeZone: string): Dayjs {
  const wall = zonedParts(instant, timeZone);
  return dayjs(new Date(wall.year, wall.month - 1, wall.day, 0, wall.minutes, wall.seconds));
}

/**
 * The instant a wall-clock dayjs (wallClockAt's, or what a picker made from zonedGenerateConfig
 * picked) means in the zone: the way back from wallClockAt.
 */
export function instantOfWallClock(wall: Dayjs, timeZone: string): number {
  const minutes = wall.hour() * 60 + wall.minute();
  return zonedTimeToInstant(wall.format('YYYY-MM-DD'), minutes, timeZone) + wall.second() * 1000;
}

const configs = new Map<string, GenerateConfig<Dayjs>>();

/**
 * antd's dayjs adapter whose now is the business's (docs/architecture.md, "Which clock a moment is
 * shown on"): the day a picker or calendar marks as today, and what its Today / Now button picks.
 * antd reads the device's clock, a day early or late for an owner abroad, or anyone in the evening
 * west of the business. One per zone, so components made from it are made once.
 */
export function zonedGenerateConfig(timeZone: string): GenerateConfig<Dayjs> {
  let config = configs.get(timeZone);
  if (!config) {
    config = { ...dayjsGenerateConfig, getNow: () => wallClockAt(Date.now(), timeZone) };
    configs.set(timeZone, config);
  }
  return config;
}
