import { useEffect, type RefObject } from 'react';

/** Where the launcher is a phone's (launcher.css): there it floats over the page's own column. */
const PHONE = '(max-width: 666px)';

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
 * On a phone the floating launcher never covers a page's action: while a control, a link or a
 * field of the page is under it (a form's last button at a row's end, a list's row action, a
 * tab), it steps aside past the screen's right edge (`data-aside`, launcher.css), and comes back
 * once the place is clear again (the room every page keeps at its end, layout.css, is always
 * clear). Looked at again on every scroll, resize and change of the page, once a frame at most.
 * Keyboard focus brings it back (launcher.css). One rule for every page, instead of a room kept
 * clear for it by each control that could pass under it.
 */
export function useStepAside(button: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    const phone = window.matchMedia(PHONE);
    let frame = 0;
    const look = () => {
      frame = 0;
      const el = button.current;
      if (!el) return;
      const aside = phone.matches && coversAction(el);
      if (aside !== el.hasAttribute('data-aside')) el.toggleAttribute('data-aside', aside);
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(look);
    };
    const changes = new MutationObserver((records) => {
      // Its own step aside is no change of the page.
      if (records.some((r) => !button.current?.contains(r.target))) soon();
    });
    // Watched on a phone only; off it, one last look puts it back in place.
    const watch = () => {
      if (phone.matches) {
        changes.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
        window.addEventListener('scroll', soon, { capture: true, passive: true });
        window.addEventListener('resize', soon);
      } else {
        changes.disconnect();
        window.removeEventListener('scroll', soon, { capture: true });
        window.removeEventListener('resize', soon);
      }
      soon();
    };
    phone.addEventListener('change', watch);
    watch();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      phone.removeEventListener('change', watch);
      changes.disconnect();
      window.removeEventListener('scroll', soon, { capture: true });
      window.removeEventListener('resize', soon);
    };
  }, [button, shown]);
}
