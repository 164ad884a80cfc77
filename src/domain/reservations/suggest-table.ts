/**
 * The table to offer a party: the smallest single table free for the whole stay that seats
 * everyone (so big tables stay free for big parties); when no single table does, the free pair
 * with the fewest places that does. The reason says which rule picked it, as a shared message.
 */
import { MESSAGES } from '../messages';
import type { PlanTable } from './reservation';

export interface Busy {
  start: number;
  end: number;
}

export interface Suggestion {
  tableIds: string[];
  places: number;
  reason: string;
}

const fill = (text: string, partySize: number, places?: number) =>
  text.replace('{{partySize}}', String(partySize)).replace('{{places}}', String(places ?? ''));

/** Whether a table has nothing overlapping [start, end). */
export const isFree = (busy: readonly Busy[] | undefined, start: number, end: number) =>
  !(busy ?? []).some((b) => b.start < end && b.end > start);

/** Smallest first; ties by name so the same night always suggests the same table. */
const bySize = (a: PlanTable, b: PlanTable) => a.places - b.places || a.name.localeCompare(b.name);

export function suggestTables(
  tables: readonly PlanTable[],
  busy: ReadonlyMap<string, readonly Busy[]>,
  partySize: number,
  start: number,
  end: number,
): Suggestion | { tableIds: []; places: 0; reason: string } {
  const free = tables.filter((t) => t.isAvailable && isFree(busy.get(t.id), start, end)).sort(bySize);
  const single = free.find((t) => t.places >= partySize);
  if (single)
    return {
      tableIds: [single.id],
      places: single.places,
      reason: fill(MESSAGES.suggestionSingle, partySize, single.places),
    };
  let pair: [PlanTable, PlanTable] | null = null;
  for (let i = 0; i < free.length; i++)
    for (let j = i + 1; j < free.length; j++) {
      const places = free[i]!.places + free[j]!.places;
      if (places >= partySize && (!pair || places < pair[0].places + pair[1].places)) pair = [free[i]!, free[j]!];
    }
  if (pair) {
    const places = pair[0].places + pair[1].places;
    return { tableIds: [pair[0].id, pair[1].id], places, reason: fill(MESSAGES.suggestionPair, partySize, places) };
  }
  return { tableIds: [], places: 0, reason: fill(MESSAGES.suggestionNone, partySize) };
}
