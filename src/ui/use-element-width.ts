import { useEffect, useRef, useState } from 'react';

/**
 * The width of an element, kept current as it resizes: for drawings made at their own pixel size
 * (the floor plan, the campaign chart), so their text never shrinks on a phone.
 */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
