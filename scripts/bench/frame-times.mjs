/**
 * Frame times in headless Chromium, for the benches that time a screen's gestures (bench:seating,
 * bench:files-fps): each animation frame's interval (requestAnimationFrame) while a gesture runs,
 * and their percentiles. A frame of 16.7 ms is 60 fps; the product's goal is ≥ 55 fps.
 */

/** The p-th percentile of `values` (nearest rank). */
export const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

/**
 * Runs `work` while timing the page's frames. What a gesture leaves for its end (a drop's render,
 * a redraw once the wheel rests) falls after the last input: `settleMs` more are timed, apart.
 * Returns the intervals during the work (the first, which starts before it, left out) and after.
 */
export async function frameTimes(page, work, { settleMs = 0 } = {}) {
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__framesOn) requestAnimationFrame(tick);
    };
    window.__framesOn = true;
    requestAnimationFrame(tick);
  });
  await work();
  const during = await page.evaluate(() => window.__frames.length);
  if (settleMs) await page.waitForTimeout(settleMs);
  const all = await page.evaluate(() => {
    window.__framesOn = false;
    return window.__frames;
  });
  return { during: all.slice(1, during), after: all.slice(during) };
}

/** A row of the benches' tables: how many frames, p50 / p95 / longest in ms, and fps at p50. */
export const frameStats = (frames) => ({
  frames: frames.length,
  p50Ms: +pct(frames, 50).toFixed(1),
  p95Ms: +pct(frames, 95).toFixed(1),
  maxMs: +Math.max(...frames).toFixed(1),
  fps: +(1000 / pct(frames, 50)).toFixed(0),
});
