/**
 * The venue's capacity (its `capacity` field: how many guests it may hold at once, as a fire
 * code or a licence sets it) is a limit on guests present at the same moment, not on a night's
 * total: two parties that follow each other at one table never count together.
 */
export interface GuestSpan {
  start: number;
  end: number;
  guests: number;
}

/** The most guests present at one moment within [from, to), over spans that may overlap it. */
export function peakGuests(spans: readonly GuestSpan[], from: number, to: number): number {
  const events: [at: number, change: number][] = [];
  for (const s of spans) {
    const start = Math.max(s.start, from);
    const end = Math.min(s.end, to);
    if (end > start) events.push([start, s.guests], [end, -s.guests]);
  }
  // At one instant, those leaving go before those arriving: back-to-back stays never overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  for (const [, change] of events) peak = Math.max(peak, (now += change));
  return peak;
}
