/**
 * Asks before unsaved work is left behind (docs/architecture.md, "Unsaved changes"): a link, a
 * sidebar click or any in-app navigation, and the browser's Back, wait on "Leave without saving?";
 * closing or reloading the tab gets the browser's own warning. What is unsaved is said by the
 * forms themselves (src/ui/forms/unsaved-changes.ts).
 *
 * Why not Refine's <UnsavedChangesNotifier/>: under <BrowserRouter> (not a data router) React
 * Router has no useBlocker, so Refine patches the router's navigator and asks with the
 * browser's window.confirm — which cannot be the app's own themed, translated dialog, and does
 * not see Back. This guard patches the same navigator, asks with antd's confirm (loaded with its first question), and keeps one
 * extra history entry on top while work is unsaved, so Back lands on it and can be asked about.
 */
import { Suspense, lazy, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router';
import {
  discardUnsavedChanges,
  hasUnsavedChanges,
  registerUnsavedAsker,
  useHasUnsavedChanges,
  type UnsavedScope,
} from '../forms/unsaved-changes';

const UnsavedQuestion = lazy(() => import('./UnsavedQuestion'));

/** The mark of the extra history entry (same address as the page under it). */
const MARK = 'unsavedGuard';
type EntryState = Record<string, unknown> | null;
const entryState = () => window.history.state as EntryState;
const onExtraEntry = () => Boolean(entryState()?.[MARK]);
/** Which entry the browser is on: React Router's index and key of it, and its address. */
const entryId = () => JSON.stringify([entryState()?.idx, entryState()?.key, window.location.href]);

/** Puts the extra entry on top; returns the id of the page's own entry under it. */
function pushExtraEntry(): string {
  const under = entryId();
  window.history.pushState({ ...entryState(), [MARK]: true }, '', window.location.href);
  return under;
}

export function UnsavedChangesGuard() {
  const unsaved = useHasUnsavedChanges();
  const { navigator } = useContext(UNSAFE_NavigationContext) as { navigator: Navigator };
  /** The question on screen (a new id each time it is asked), or null. */
  const [question, setQuestion] = useState<{
    id: number;
    scope: UnsavedScope;
    leave: () => void;
    stay: () => void;
  } | null>(null);
  const asked = useRef(0);
  const asking = useRef(false);
  /** Whether the address the user is on is the extra entry (known before a popstate changes it). */
  const onExtra = useRef(false);
  /** The page's own entry under the extra one: a popstate that lands there is the user's Back. */
  const under = useRef('');

  /** Runs `leave` once the user agrees to lose the work; `stay` when they keep it. */
  const ask = useRef<(leave: () => void, stay?: () => void, scope?: UnsavedScope) => void>(() => undefined);
  ask.current = (leave, stay, scope = 'page') => {
    if (asking.current) return;
    asking.current = true;
    asked.current += 1;
    setQuestion({
      id: asked.current,
      scope,
      leave: () => {
        asking.current = false;
        setQuestion(null);
        // A dialog's work goes with the dialog (its form unmounts); the page behind keeps its own.
        if (scope === 'page') discardUnsavedChanges();
        leave();
      },
      stay: () => {
        asking.current = false;
        setQuestion(null);
        stay?.();
      },
    });
  };

  // In-app navigations go through the router's navigator: each waits for the answer.
  useEffect(() => {
    const { push, replace, go } = navigator;
    navigator.push = (...args) => {
      const run = () => {
        // The extra entry is spent: the next page takes its place, so Back is one page again.
        const spend = onExtraEntry();
        onExtra.current = false;
        (spend ? replace : push)(...args);
      };
      if (hasUnsavedChanges()) ask.current(run);
      else run();
    };
    navigator.replace = (...args) => {
      onExtra.current = false;
      replace(...args);
    };
    navigator.go = (delta) => {
      const run = () => {
        const skip = delta < 0 && onExtraEntry() ? -1 : 0;
        onExtra.current = false;
        go(delta + skip);
      };
      if (hasUnsavedChanges()) ask.current(run);
      else run();
    };
    return () => void Object.assign(navigator, { push, replace, go });
  }, [navigator]);

  // Dialogs ask through the same question (closeAsking in src/ui/forms/unsaved-changes.ts).
  useEffect(() => registerUnsavedAsker((leave, stay, scope) => ask.current(leave, stay, scope)), []);

  // Unsaved work puts the extra entry on top, once.
  useEffect(() => {
    if (!unsaved || onExtraEntry()) return;
    under.current = pushExtraEntry();
    onExtra.current = true;
  }, [unsaved]);

  // Back from the extra entry: the address is already the page's own again. Ask while the work is
  // unsaved (staying puts the entry back); once it is saved, carry the Back on to the page before.
  useEffect(() => {
    const onPop = () => {
      const was = onExtra.current;
      onExtra.current = onExtraEntry();
      // Any other popstate (Forward, a jump of several entries) goes where it goes.
      if (!was || onExtra.current || entryId() !== under.current) return;
      if (!hasUnsavedChanges()) return window.history.back();
      ask.current(
        () => window.history.back(),
        () => {
          under.current = pushExtraEntry();
          onExtra.current = true;
        },
      );
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // Closing or reloading the tab: the browser's own question (its wording cannot be changed).
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers still need returnValue set to show the question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <UnsavedQuestion key={question.id} scope={question.scope} onLeave={question.leave} onStay={question.stay} />
    </Suspense>
  );
}
