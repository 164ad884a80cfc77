/**
 * Times of a venue's night in the business's time zone (not the browser's): the form's typed
 * time becomes an instant, and instants are shown as h:mm A where the venue is.
 */
import { addDays, zonedParts, zonedTimeToInstant } from '../../domain/venue/opening-hours';
import { formatTime, zoneOnceKnown } from '../../ui/format';

/** 'HH:mm' on the night of `day`: a time before the night opens belongs to the morning after. */
export function nightInstant(day: string, clock: string, timeZone: string, nightStart: string | null): number {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  const instant = zonedTimeToInstant(day, h * 60 + m, timeZone);
  return nightStart && instant < Date.parse(nightStart)
    ? zonedTimeToInstant(addDays(day, 1), h * 60 + m, timeZone)
    : instant;
}

/** 'HH:mm' of an instant in the zone (for the form's time field). */
export function clockOf(instant: string | number, timeZone: string): string {
  const p = zonedParts(new Date(instant).getTime(), timeZone);
  return `${String(Math.floor(p.minutes / 60)).padStart(2, '0')}:${String(p.minutes % 60).padStart(2, '0')}`;
}

/** h:mm A in the zone (the page names the zone once). */
export const showTime = (instant: string | number, timeZone: string) => formatTime(instant, timeZone);

/**
 * The zone a night's times are written in (docs/architecture.md, "Which clock a moment is shown
 * on"): the one the night's answer carries, else the business's; null while neither has
 * answered, so no time is first written on this device's clock and then jumps. Only when both
 * reads failed does it fall back to this device's zone (the page shows the error beside it).
 */
export function nightZone(
  night: string | undefined,
  business: string | null,
  failed: { night: boolean; business: boolean },
): string | null {
  return zoneOnceKnown(night ?? business, failed.night && failed.business);
}
