import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Where the window was scrolled on each history entry, kept for the tab's life (sessionStorage,
 * written as the page is left), so Back and Forward return to it after a reload too.
 */
const STORE = 'app-scroll-positions';
/** The newest entries kept: enough for any Back a person takes. */
const KEEP = 100;

function readStore(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORE) ?? '[]');
    return new Map(
      Array.isArray(saved)
        ? saved.filter((e): e is [string, number] => typeof e?.[0] === 'string' && typeof e?.[1] === 'number')
        : [],
    );
  } catch {
    return new Map();
  }
}

const positions = readStore();
/** The entry on screen, whose position each scroll records (null: an entry that cannot be told apart). */
let current: string | null = null;

function record() {
  if (current === null) return;
  positions.delete(current);
  positions.set(current, window.scrollY);
  if (positions.size > KEEP) positions.delete(positions.keys().next().value!);
}

/**
 * An entry's key: the router's own, or for the entry the app was opened on (which the router
 * leaves as 'default') its number in the router's history. An address pushed from outside the
 * router has neither, and several such share 'default': never restored, only reset.
 */
function entryKey(key: string): string | null {
  if (key !== 'default') return key;
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? `default:${idx}` : null;
}

/** The element id an address's #hash names; a hash that is no valid escape ("#%E0%A4%A") is taken as written. */
function hashId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** What a person does to scroll themselves: a restore still waiting for the page's height gives way. */
const OWN_SCROLL = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls back to `y`. A page drawn from what the app holds is tall enough at once; one still
 * loading grows afterwards, and the scroll is taken again each time the page's height changes,
 * until it gets there, the person scrolls themselves or moves on (the returned stop).
 */
function restore(y: number): () => void {
  window.scrollTo(0, y);
  if (Math.abs(window.scrollY - y) < 1) return () => {};
  const grown = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1) stop();
  });
  const stop = () => {
    grown.disconnect();
    for (const type of OWN_SCROLL) window.removeEventListener(type, stop, { capture: true });
  };
  grown.observe(document.body);
  for (const type of OWN_SCROLL) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}

/**
 * The window's scroll across the app's pages, as a browser keeps it across documents (React
 * Router's `<ScrollRestoration>` needs a data router, which the app does not run: src/App.tsx,
 * held-history.ts). A new page opens at its top, or at the element its address's #hash names; Back
 * and Forward return to where the person had scrolled that entry. The same page with another
 * query string (a list's filter, sort or page written to the address) stays where it is. The
 * window is the app's scroll container: the layout's header and sidebar are fixed, its page flows
 * (src/custom/layout/layout.css).
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const action = useNavigationType();
  const shown = useRef<string | null>(null);
  const pending = useRef<() => void>(() => {});

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORE, JSON.stringify([...positions]));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    const key = entryKey(location.key);
    const firstPath = shown.current === null;
    const samePage = shown.current === location.pathname;
    shown.current = location.pathname;
    current = key;
    pending.current();
    pending.current = () => {};
    const saved = key === null ? undefined : positions.get(key);
    // Back or Forward, or a reload (the browser's own restore is off): where the person was.
    if (saved !== undefined && (action === 'POP' || firstPath)) {
      pending.current = restore(saved);
      return;
    }
    if (firstPath || samePage) return;
    const target = location.hash && document.getElementById(hashId(location.hash));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, action]);
}

/** The restore as a part of the router's tree (src/App.tsx), beside the pages, under no Suspense. */
export function ScrollRestoration(): null {
  useScrollRestoration();
  return null;
}
