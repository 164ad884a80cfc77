/**
 * Windowing for the tree: of its open rows only those in the viewport are drawn, plus a margin
 * (OVERSCAN) above and below, so 10,000 open rows scroll as smoothly as 20 (the figures:
 * `npm run bench:files-fps`, goal ≥ 55 fps). The page itself scrolls (no box of its own inside it),
 * so the window is worked out from where the tree sits in the viewport; every row has the same
 * height, and the rows not drawn are stood in for by empty gaps of their height, so the scroll
 * bar and the page's length stay true.
 *
 * `pinned` rows are drawn wherever they are: the row holding the tree's tab stop and focus, and a
 * row being dragged, must stay in the page (a row taken out of it loses focus, or ends the drag).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** A row's height in px: `.files-row`'s `height` in files.css. */
export const ROW_HEIGHT = 32;
/** Rows drawn beyond each edge of the viewport. */
const OVERSCAN = 20;
/** The window moves in steps of this many rows, so a scroll redraws only every few rows. */
const STEP = 10;

export type WindowPart = { kind: 'row'; index: number } | { kind: 'gap'; from: number; rows: number };

/** The rows drawn (the window and the pinned rows, in order) and the gaps between them. */
export function windowParts(count: number, start: number, end: number, pinned: readonly number[]): WindowPart[] {
  const drawn = new Set<number>();
  for (let i = Math.max(0, start); i < Math.min(count, end); i++) drawn.add(i);
  for (const i of pinned) if (i >= 0 && i < count) drawn.add(i);
  const parts: WindowPart[] = [];
  let next = 0;
  for (const index of [...drawn].sort((a, b) => a - b)) {
    if (index > next) parts.push({ kind: 'gap', from: next, rows: index - next });
    parts.push({ kind: 'row', index });
    next = index + 1;
  }
  if (count > next) parts.push({ kind: 'gap', from: next, rows: count - next });
  return parts;
}

export function useRowWindow(count: number, pinned: readonly number[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState({ start: 0, end: 3 * OVERSCAN });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top;
    const first = Math.floor((-top / ROW_HEIGHT - OVERSCAN) / STEP) * STEP;
    const last = Math.ceil(((window.innerHeight - top) / ROW_HEIGHT + OVERSCAN) / STEP) * STEP;
    const start = Math.max(0, Math.min(count, first));
    const end = Math.max(start, Math.min(count, last));
    setRange((r) => (r.start === start && r.end === end ? r : { start, end }));
  }, [count]);

  // Before the first paint and whenever the number of open rows changes.
  useLayoutEffect(measure, [measure]);
  useEffect(() => {
    // Capture: a scroll of any box round the tree (or of the page) moves it in the viewport. The
    // page growing or shrinking above it (an upload's bar, a message) moves it too.
    document.addEventListener('scroll', measure, { capture: true, passive: true });
    window.addEventListener('resize', measure);
    const resized = new ResizeObserver(measure);
    resized.observe(document.body);
    // Again now: the page may have scrolled since the first measure (a new screen starts at the top).
    measure();
    return () => {
      document.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
      resized.disconnect();
    };
  }, [measure]);

  return { ref, parts: windowParts(count, range.start, range.end, pinned) };
}
