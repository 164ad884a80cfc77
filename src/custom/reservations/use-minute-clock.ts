import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const floorMinute = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

/**
 * The current time to the minute, updated each minute: a screen that shows "now" follows the
 * clock, and a query keyed by it refetches once a minute rather than on every render.
 */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => floorMinute(Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setNow(floorMinute(Date.now())), 5_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
