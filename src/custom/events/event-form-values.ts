/**
 * The event form's values and how they become the API's input: a dayjs range for the times, a
 * list of ticket types (price in dollars). The shared schema (src/domain/events) then checks
 * them exactly as the server will.
 *
 * The picker shows and takes the business's wall clock, not the browser's: its dayjs values
 * carry the wall-clock fields (year … minute) of the venue's zone, and become instants through
 * the zone here, so an owner abroad still types "10:00 PM" for a 10 PM show at the venue.
 */
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { EventInput } from '../../domain/events/events';
import type { EventDetails } from '../../domain/events/wire';
import { centsToDecimal } from '../../domain/money';
import { readDollars, type NumberValue } from '../../ui/forms/number-text';
import { zonedParts, zonedTimeToInstant } from '../../domain/venue/opening-hours';

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant as a dayjs whose fields read the zone's wall clock. */
export function wallClock(iso: string, timeZone: string): Dayjs {
  const p = zonedParts(Date.parse(iso), timeZone);
  const hour = Math.floor(p.minutes / 60);
  return dayjs(`${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(hour)}:${pad(p.minutes % 60)}`);
}

/** The instant a picked wall-clock value means in the zone. */
export function fromWallClock(value: Dayjs, timeZone: string): string {
  const day = `${value.year()}-${pad(value.month() + 1)}-${pad(value.date())}`;
  return new Date(zonedTimeToInstant(day, value.hour() * 60 + value.minute(), timeZone)).toISOString();
}

export interface EventFormValues {
  name: string;
  description?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  /**
   * A type's price is dollars as typed in DollarInput ('15.00'); its quantity a number, or the
   * text typed when it is not one ('two'): the schema refuses either with its message.
   */
  ticketTypes: { id?: string; name: string; price: NumberValue; quantity: NumberValue }[];
}

export function toInput(values: EventFormValues, venueId: string, timeZone: string): Record<string, unknown> {
  const [start, end] = values.range ?? [null, null];
  return {
    venueId,
    name: values.name ?? '',
    description: values.description ?? '',
    startsAt: start ? fromWallClock(start, timeZone) : '',
    endsAt: end ? fromWallClock(end, timeZone) : '',
    ticketTypes: (values.ticketTypes ?? []).map((t) => ({
      ...(t.id ? { id: t.id } : {}),
      name: t.name ?? '',
      price: (typeof t.price === 'string' ? readDollars(t.price) : t.price) ?? Number.NaN,
      quantity: t.quantity ?? Number.NaN,
    })),
  };
}

export function fromEvent(event: EventDetails, timeZone: string): EventFormValues {
  return {
    name: event.name,
    description: event.description,
    range: [wallClock(event.startsAt, timeZone), wallClock(event.endsAt, timeZone)],
    ticketTypes: event.ticketTypes.map((t) => ({
      id: t.id,
      name: t.name,
      price: centsToDecimal(t.priceCents),
      quantity: t.quantity,
    })),
  };
}

export const emptyEvent = (): EventFormValues => ({ name: '', ticketTypes: [{ name: '', price: '0', quantity: 100 }] });

/** The form paths an antd `onValuesChange` delta touched ('name', ['ticketTypes', 0, 'price'], …). */
export function changedPaths(changed: Partial<EventFormValues>): (string | number)[][] {
  const paths: (string | number)[][] = [];
  for (const [key, value] of Object.entries(changed)) {
    if (key !== 'ticketTypes' || !Array.isArray(value)) {
      paths.push([key]);
      continue;
    }
    value.forEach((row, index) => {
      if (row && typeof row === 'object') for (const field of Object.keys(row)) paths.push([key, index, field]);
    });
  }
  return paths;
}

/** A field path of the schema ('ticketTypes.0.name', 'startsAt') as the form's name path. */
export function formPath(path: string): (string | number)[] {
  if (path === 'startsAt' || path === 'endsAt') return ['range'];
  return path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

export type { EventInput };
