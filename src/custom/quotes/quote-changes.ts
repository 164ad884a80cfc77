import type { PublicQuote } from './public-quote-api';

/**
 * What the mover changed between the version a customer read and the one the page now shows, by
 * the name the page gives each part (quotes.public.*): the alert that says the quote changed
 * names them, so the customer knows where to look before answering again.
 */
const PARTS: readonly [label: string, read: (q: PublicQuote) => unknown][] = [
  ['for', (q) => q.customerName],
  ['date', (q) => q.moveDate],
  ['time', (q) => q.startTime],
  ['origin', (q) => q.originAddress],
  ['destination', (q) => q.destinationAddress],
  ['crew', (q) => q.crewSize],
  ['truck', (q) => q.truck],
  ['hours', (q) => [q.estimatedHours, q.minimumHours]],
  ['notes', (q) => q.notes],
  ['inventory', (q) => q.inventory],
  ['price', (q) => [q.pricingType, q.priceCents, q.hourlyRateCents, q.taxRate, q.totalCents]],
  ['validity', (q) => q.validUntil],
];

/** The label keys (under quotes.public.changedParts) of the parts that differ, in the page's order. */
export function changedParts(read: PublicQuote, now: PublicQuote): string[] {
  return PARTS.filter(([, part]) => JSON.stringify(part(read)) !== JSON.stringify(part(now))).map(([label]) => label);
}
