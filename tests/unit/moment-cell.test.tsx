import { expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { clockFor, PENDING_CLOCK, viewerTimeZone } from '../../src/ui/format';
import { MomentCell } from '../../src/ui/tables/MomentCell';

const moment = '2026-11-29T23:30:00Z';

it("writes the clock's date and time with its zone's name, as two parts the layout keeps whole", () => {
  const zone = viewerTimeZone() === 'America/New_York' ? 'America/Chicago' : 'America/New_York';
  const clock = clockFor(zone);
  const { container } = render(<MomentCell value={moment} clock={clock} />);
  const time = container.querySelector('time.moment-cell')!;
  expect(time.getAttribute('datetime')).toBe(moment);
  // The same text as the clock's own date and time, so a cell reads as every other place the moment is written.
  expect(time.textContent).toBe(clock.dateTime(moment));
  expect([...time.querySelectorAll('.moment-cell-part')].map((part) => part.textContent)).toEqual([
    clock.date(moment),
    `${clock.time(moment)}${clock.zoneSuffix(moment)}`,
  ]);
  expect(time.textContent).toMatch(/ [CE]ST$/);
});

it('draws nothing while the business zone is unknown, or for a missing date', () => {
  expect(render(<MomentCell value={moment} clock={PENDING_CLOCK} />).container.innerHTML).toBe('');
  expect(render(<MomentCell value="" clock={clockFor()} />).container.innerHTML).toBe('');
});
