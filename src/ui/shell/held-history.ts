/**
 * The browser history the app's router runs on (src/App.tsx), with one addition: a Back or Forward
 * can be held before React Router draws the other page, so the unsaved-changes guard can ask
 * first (src/ui/shell/UnsavedChangesGuard.tsx). React Router's own blocker does this for data
 * routers only; the app runs a plain router (a data router costs every first load ~16 KB gzip).
 *
 * Held the same way as that blocker: the router's history says how many entries the popstate
 * moved (`delta`, from the `idx` it numbers its entries with), the history is stepped back by as
 * many before the router hears of it, and the guard takes the step again if the user chooses to
 * leave. An entry the router did not make (no `idx`) is never held.
 */
import { UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router';

/** Asked on each Back or Forward `delta` entries away: true holds it (the page stays). */
type PopHold = (delta: number) => boolean;
let popHold: PopHold | null = null;

/** The guard holds Back and Forward while it is mounted. */
export function registerPopHold(hold: PopHold): () => void {
  popHold = hold;
  return () => {
    if (popHold === hold) popHold = null;
  };
}

type Update = { action: NavigationType; location: Location; delta: number | null };

/** A browser history for `unstable_HistoryRouter` whose Back and Forward the guard may hold. */
export function createHeldHistory() {
  const history = createBrowserHistory({ v5Compat: true });
  const listen = history.listen.bind(history);
  /** The step back of a held popstate, whose own popstate the router must not hear either. */
  let undoing: number | null = null;
  history.listen = (listener) =>
    listen((update) => {
      const { action, delta } = update as Update;
      if (undoing !== null) {
        const undo = undoing;
        undoing = null;
        if (delta === undo) return;
      }
      if (action === 'POP' && delta && popHold?.(delta)) {
        undoing = -delta;
        history.go(-delta);
        return;
      }
      listener(update);
    });
  return history;
}
