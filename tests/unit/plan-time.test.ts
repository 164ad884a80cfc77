// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  defaultPlanInstant,
  newReservationStart,
  planChoices,
  planInstants,
} from '../../src/custom/reservations/plan-time';

// A night from 20:00 to 04:00 UTC.
const night = { start: '2026-11-28T20:00:00.000Z', end: '2026-11-29T04:00:00.000Z' };
const at = (iso: string) => Date.parse(iso);

describe('the instants the floor plan shows', () => {
  it('steps every half hour from the opening up to the close, past midnight', () => {
    const steps = planInstants(night);
    expect(steps).toHaveLength(16);
    expect(steps[0]).toBe(at(night.start));
    expect(steps.at(-1)).toBe(at('2026-11-29T03:30:00.000Z'));
  });

  it('opens on now during the night, else on the opening; nothing for an empty span', () => {
    expect(defaultPlanInstant(night, at('2026-11-28T22:17:00.000Z'))).toBe(at('2026-11-28T22:17:00.000Z'));
    expect(defaultPlanInstant(night, at('2026-11-28T12:00:00.000Z'))).toBe(at(night.start));
    expect(defaultPlanInstant(night, at('2026-11-29T04:00:00.000Z'))).toBe(at(night.start));
    expect(defaultPlanInstant({ start: night.start, end: night.start }, 0)).toBeNull();
  });

  it('offers the half hours, with the instant shown slotted in when it lies between them', () => {
    const now = at('2026-11-28T22:17:00.000Z');
    const choices = planChoices(night, now);
    expect(choices).toHaveLength(17);
    expect(choices.indexOf(now)).toBe(5);
    expect(planChoices(night, at(night.start))).toHaveLength(16);
    expect(planChoices(null, null)).toEqual([]);
  });
});

describe('when a new reservation starts unless told', () => {
  it('is the opening before the night starts', () => {
    expect(newReservationStart(night, at('2026-11-28T12:00:00.000Z'))).toBe(at(night.start));
  });

  it('is the next quarter hour once the night is on, never a time already past', () => {
    expect(newReservationStart(night, at('2026-11-28T22:17:00.000Z'))).toBe(at('2026-11-28T22:30:00.000Z'));
    expect(newReservationStart(night, at('2026-11-28T22:30:00.000Z'))).toBe(at('2026-11-28T22:45:00.000Z'));
    expect(newReservationStart(night, at('2026-11-29T00:59:00.000Z'))).toBe(at('2026-11-29T01:00:00.000Z'));
  });

  it('falls back to the opening when no quarter hour is left before the close', () => {
    expect(newReservationStart(night, at('2026-11-29T03:50:00.000Z'))).toBe(at(night.start));
    expect(newReservationStart(night, at('2026-11-29T05:00:00.000Z'))).toBe(at(night.start));
  });
});
