/**
 * The instants the floor plan can be looked at over one night: every half hour from the night's
 * opening to its close (or over the whole day when the venue is closed that night). The plan
 * opens on "now" when now falls in that span, so at the door it shows the room as it is; for
 * any other night it opens on the first half hour, when the first guests arrive.
 */
export interface PlanSpan {
  start: string;
  end: string;
}

const STEP_MS = 30 * 60_000;

/** Half-hour instants (epoch ms) from the span's start up to, not including, its end. */
export function planInstants(span: PlanSpan): number[] {
  const start = Date.parse(span.start);
  const end = Date.parse(span.end);
  const out: number[] = [];
  for (let at = start; at < end && out.length < 96; at += STEP_MS) out.push(at);
  return out;
}

/** Where the plan opens: now when the night is on, else its first instant (null for an empty span). */
export function defaultPlanInstant(span: PlanSpan, now: number): number | null {
  const start = Date.parse(span.start);
  const end = Date.parse(span.end);
  if (now >= start && now < end) return now;
  return end > start ? start : null;
}

/** The times the plan's picker offers: the half hours, and the instant shown when it is between them ("now"). */
export function planChoices(span: PlanSpan | null, at: number | null): number[] {
  const steps = span ? planInstants(span) : [];
  return at === null || steps.includes(at) ? steps : [...steps, at].sort((a, b) => a - b);
}

const QUARTER_MS = 15 * 60_000;

/**
 * When a new reservation starts unless the person says otherwise: the night's opening, or, once
 * the night is on, the next quarter hour (a reservation cannot start in the past, and the form
 * opening on a time it refuses only sends the person to fix it), while that is before the close.
 */
export function newReservationStart(span: PlanSpan, now: number): number {
  const start = Date.parse(span.start);
  if (now < start) return start;
  const next = Math.floor(now / QUARTER_MS) * QUARTER_MS + QUARTER_MS;
  return next < Date.parse(span.end) ? next : start;
}
