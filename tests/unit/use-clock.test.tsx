/**
 * Which clock a signed-in screen writes a moment on (docs/architecture.md, "Which clock a moment
 * is shown on"): a business's people the business's zone, named where this device's differs;
 * the admin and IT this device's, without asking for a business's zone they cannot read.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Role } from '../../src/domain/roles';
import { formatDateTime, viewerTimeZone } from '../../src/ui/format';
import { useClock } from '../../src/ui/venue/use-clock';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { renderInApp } from './helpers/render-in-app';

const MOMENT = '2026-11-29T23:30:00Z';

function Moment() {
  const clock = useClock();
  return <output data-testid="moment">{clock.ready ? clock.dateTime(MOMENT) : 'waiting'}</output>;
}

function show(role: Role, zone: string) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname);
      return url.pathname === '/api/Business/time-zone'
        ? jsonResponse(200, { result: { timeZone: zone } })
        : jsonResponse(404, { message: 'Not found' });
    }),
  );
  renderInApp('/', <Moment />, { user: storedUser({ roleName: role }) });
  return asked;
}

// A business zone that is never the test runner's own, so its name shows.
const away = viewerTimeZone() === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
const awayText = away === 'Asia/Tokyo' ? '11/30/2026 8:30 AM GMT+9' : '11/29/2026 6:30 PM EST';

describe('useClock', () => {
  it.each<Role>(['CLUBOWNER', 'VENUEEMPLOYEE', 'USER', 'MOVER', 'TRUCKER'])(
    "%s reads moments on the business's clock, named",
    async (role) => {
      show(role, away);
      await waitFor(() => expect(screen.getByTestId('moment').textContent).toBe(awayText));
    },
  );

  it('names no zone when the business is where the device is', async () => {
    show('CLUBOWNER', viewerTimeZone());
    await waitFor(() => expect(screen.getByTestId('moment').textContent).toBe(formatDateTime(MOMENT)));
  });

  it.each<Role>(['ADMIN', 'IT'])("%s reads them on this device's clock, and asks for no business's zone", (role) => {
    const asked = show(role, away);
    expect(screen.getByTestId('moment').textContent).toBe(formatDateTime(MOMENT));
    expect(asked).not.toContain('/api/Business/time-zone');
  });
});
