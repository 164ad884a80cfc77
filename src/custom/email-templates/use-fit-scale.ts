import { useCallback, useEffect, useState } from 'react';

/** The scale that fits `width` px into `available` px: never larger than the mail's own size. */
export function fitScale(width: number, available: number | null): number {
  if (available === null || available <= 0 || available >= width) return 1;
  // Rounded down, so the scaled frame is never a fraction of a pixel wider than its room.
  return Math.floor((available / width) * 1000) / 1000;
}

/**
 * How much a `width` px wide preview is scaled down to fit its box's content width, as mail
 * previews do on a phone (a 600 px mail on a 390 px screen scrolled sideways in its box): `ref`
 * goes on the box; the scale follows the box's width as the window or the layout changes.
 */
export function useFitScale(width: number): { ref: (box: HTMLElement | null) => void; scale: number } {
  const [box, setBox] = useState<HTMLElement | null>(null);
  const [available, setAvailable] = useState<number | null>(null);
  useEffect(() => {
    if (!box) return;
    const sized = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width);
    });
    sized.observe(box);
    return () => sized.disconnect();
  }, [box]);
  const ref = useCallback((el: HTMLElement | null) => setBox(el), []);
  return { ref, scale: fitScale(width, available) };
}
