// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { viewerTimeZone } from '../../src/ui/format';
import { nightZone, showTime } from '../../src/custom/reservations/zoned-time';

// Which clock a moment is shown on (docs/architecture.md): a venue's night on the business's
// zone, and no time at all before that zone is known, never the device's first and then a jump.
describe('the zone the reservations page writes its times in', () => {
  const none = { night: false, business: false };

  it('is unknown (null) while neither the night nor the business has answered', () => {
    expect(nightZone(undefined, null, none)).toBeNull();
    // One read failed, the other still on its way: still waiting, not the device's clock.
    expect(nightZone(undefined, null, { night: true, business: false })).toBeNull();
    expect(nightZone(undefined, null, { night: false, business: true })).toBeNull();
  });

  it("is the night's zone when it has answered, else the business's", () => {
    expect(nightZone('America/Chicago', null, none)).toBe('America/Chicago');
    expect(nightZone('America/Chicago', 'America/New_York', none)).toBe('America/Chicago');
    expect(nightZone(undefined, 'America/New_York', none)).toBe('America/New_York');
    expect(nightZone(undefined, 'America/New_York', { night: true, business: false })).toBe('America/New_York');
  });

  it("falls back to this device's zone only when both reads failed", () => {
    expect(nightZone(undefined, null, { night: true, business: true })).toBe(viewerTimeZone());
  });

  it('writes a reservation at the picked zone’s wall clock', () => {
    const zone = nightZone(undefined, 'America/New_York', none)!;
    expect(showTime('2026-11-29T23:30:00Z', zone)).toBe('6:30 PM');
  });
});
