import type { Clock } from '../format';
import './moment-cell.css';

/**
 * A moment in a table's cell, on the screen's clock (docs/architecture.md, "Which clock a moment
 * is shown on"): its date, then its time with the zone's name. On a wide screen the three stay on
 * one line ("11/29/2026 6:30 PM EST", never "EST" alone under it); on a phone the time may go
 * under the date, each part whole, leaving the row's other cells their words.
 */
export function MomentCell({ value, clock }: { value: string; clock: Clock }) {
  const date = clock.date(value);
  if (!date) return null;
  return (
    <time dateTime={value} className="moment-cell">
      <span className="moment-cell-part">{date}</span>{' '}
      <span className="moment-cell-part">{`${clock.time(value)}${clock.zoneSuffix(value)}`}</span>
    </time>
  );
}
