import type { RefObject } from 'react';

/** What a tap does something on: a control, a link, a field, a tab; or anything drawn as clickable (below). */
const ACTIONABLE = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
  ...['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'combobox', 'menuitem', 'option', 'slider'].map(
    (role) => `[role="${role}"]`,
  ),
].join(',');

/** Points inside the launcher's circle, as fractions of its box: a control under any of them is covered. */
const POINTS = [0.2, 0.35, 0.5, 0.65, 0.8]
  .flatMap((x) => [0.2, 0.35, 0.5, 0.65, 0.8].map((y) => [x, y] as const))
  .filter(([x, y]) => Math.hypot(x - 0.5, y - 0.5) <= 0.45);

/**
 * Whether the launcher, at its own place (its step aside is a horizontal translation, taken back
 * here), sits over something a person could tap on the page.
 */
function coversAction(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  // Not drawn (a phone's open panel hides it): nothing under it to leave room for.
  if (!box.width) return false;
  const shift = new DOMMatrixReadOnly(getComputedStyle(button).transform).m41;
  const left = box.left - shift;
  return POINTS.some(([fx, fy]) => {
    const under = document
      .elementsFromPoint(left + box.width * fx, box.top + box.height * fy)
      .find((el) => !button.contains(el));
    if (!under) return false;
    return !!under.closest(ACTIONABLE) || getComputedStyle(under).cursor === 'pointer';
  });
}

/**
 * The least time between two looks that changes of the page ask for: the first change is looked at
 * in the next frame, and a page that changes on every frame (an animation, a ticking clock) is
 * looked at about ten times a second, not sixty (each look asks the browser for its layout).
 */
const CHANGES_GAP_MS = 100;

/** Whether a changed node is the launcher's own: the button (its step aside) or its chat panel. */
function launchersOwn(node: Node, button: HTMLElement | null): boolean {
  const el = node instanceof Element ? node : node.parentElement;
  return !!el && (!!button?.contains(el) || !!el.closest('.support-chat-panel'));
}

/**
 * On a phone the floating launcher never covers a page's action: while a control, a link or a
 * field of the page is under it (a form's last button at a row's end, a list's row action, a
 * tab), it steps aside past the screen's right edge (`data-aside`, launcher.css), and comes back
 * once the place is clear again (the room every page keeps at its end, layout.css, is always
 * clear). Looked at again on every scroll and resize (once a frame at most) and on changes of the
 * page (CHANGES_GAP_MS apart at most; the launcher's own and its panel's changes are not the
 * page's). Watched only on a phone's width and while the page is shown: off a phone, one last look
 * puts it back in place; a hidden tab looks at nothing, and looks once when shown again.
 * Keyboard focus brings it back (launcher.css). One rule for every page, instead of a room kept
 * clear for it by each control that could pass under it. Loaded and started by useStepAside
 * (use-step-aside.ts, which gives the phone's media query) once the launcher is drawn on a
 * phone; returns its stop.
 */
export function watchStepAside(button: RefObject<HTMLElement | null>, phoneQuery: string): () => void {
  const phone = window.matchMedia(phoneQuery);
  let frame = 0;
  let timer = 0;
  let lastLook = -Infinity;
  let watching = false;
  const look = () => {
    frame = 0;
    lastLook = performance.now();
    const el = button.current;
    if (!el) return;
    const aside = phone.matches && coversAction(el);
    if (aside !== el.hasAttribute('data-aside')) el.toggleAttribute('data-aside', aside);
  };
  const soon = () => {
    if (!frame) frame = requestAnimationFrame(look);
  };
  const changed = () => {
    if (frame || timer) return;
    const wait = lastLook + CHANGES_GAP_MS - performance.now();
    if (wait <= 0) soon();
    else
      timer = window.setTimeout(() => {
        timer = 0;
        soon();
      }, wait);
  };
  const changes = new MutationObserver((records) => {
    if (records.some((r) => !launchersOwn(r.target, button.current))) changed();
  });
  const stopWatching = () => {
    watching = false;
    changes.disconnect();
    window.removeEventListener('scroll', soon, { capture: true });
    window.removeEventListener('resize', soon);
    window.clearTimeout(timer);
    timer = 0;
  };
  const watch = () => {
    const should = phone.matches && document.visibilityState === 'visible';
    if (should && !watching) {
      watching = true;
      changes.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      window.addEventListener('scroll', soon, { capture: true, passive: true });
      window.addEventListener('resize', soon);
    } else if (!should && watching) stopWatching();
    // Off a phone, one last look puts it back; a hidden page is looked at when shown again.
    if (document.visibilityState === 'visible') soon();
  };
  phone.addEventListener('change', watch);
  document.addEventListener('visibilitychange', watch);
  watch();
  return () => {
    if (frame) cancelAnimationFrame(frame);
    phone.removeEventListener('change', watch);
    document.removeEventListener('visibilitychange', watch);
    stopWatching();
  };
}
