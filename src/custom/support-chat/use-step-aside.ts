import { useEffect, type RefObject } from 'react';

/** Where the launcher is a phone's (launcher.css): there it floats over the page's own column. */
const PHONE = '(max-width: 666px)';

/**
 * On a phone the launcher steps aside while the page has a control under it (step-aside.ts). That
 * code is fetched the first time the launcher is drawn on a phone's width, not with the signed-in
 * shell: every first load carried it (~0.6 KB gzip), the admin's too, who has no launcher, and a
 * desktop never runs it. Once loaded it follows the width itself (off a phone it puts the
 * launcher back and watches nothing).
 */
export function useStepAside(button: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    const phone = window.matchMedia(PHONE);
    let stop: (() => void) | null = null;
    let ended = false;
    const start = () => {
      if (!phone.matches) return;
      phone.removeEventListener('change', start);
      void import('./step-aside').then(({ watchStepAside }) => {
        if (!ended) stop = watchStepAside(button, PHONE);
      });
    };
    phone.addEventListener('change', start);
    start();
    return () => {
      ended = true;
      phone.removeEventListener('change', start);
      stop?.();
    };
  }, [button, shown]);
}
