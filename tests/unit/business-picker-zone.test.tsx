/**
 * The signed-in screens' date pickers (MainLayout wraps every page in BusinessPickerZone) mark
 * today on the clock their moments are written on: the business's for its people, this device's
 * for the admin and IT (docs/architecture.md, "Which clock a moment is shown on").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import type { Role } from '../../src/domain/roles';
import { BusinessPickerZone } from '../../src/ui/forms/BusinessPickerZone';
import { ZonedDatePicker } from '../../src/ui/forms/ZonedDatePicker';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { renderInApp } from './helpers/render-in-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A page's open date picker at 03:30 UTC on 11/30, for `role` of a New York business. */
function pickerAsSeenBy(role: Role) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T03:30:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input), 'http://localhost').pathname === '/api/Business/time-zone'
        ? jsonResponse(200, { result: { timeZone: 'America/New_York' } })
        : jsonResponse(404, { message: 'Not found' }),
    ),
  );
  renderInApp(
    '/',
    <BusinessPickerZone>
      <ZonedDatePicker open />
    </BusinessPickerZone>,
    { user: storedUser({ roleName: role }) },
  );
}

const markedToday = () => document.querySelector('.ant-picker-cell-today')?.getAttribute('title');

describe('BusinessPickerZone', () => {
  it.each<Role>(['CLUBOWNER', 'MOVER'])(
    "%s's pickers mark the business's today (still 11/29 in New York)",
    async (role) => {
      pickerAsSeenBy(role);
      await waitFor(() => expect(markedToday()).toBe('2026-11-29'));
    },
  );

  it("the admin's mark this device's today", async () => {
    pickerAsSeenBy('ADMIN');
    // The admin reads no business's zone: the popup is drawn at once on this device's day.
    await waitFor(() => expect(markedToday()).toBe(dayjs().format('YYYY-MM-DD')));
  });
});
