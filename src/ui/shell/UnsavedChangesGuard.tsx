/**
 * Asks before unsaved work is left behind (docs/architecture.md, "Unsaved changes"): a link, a
 * sidebar click or any in-app navigation, and the browser's Back (or Forward), wait on "Leave
 * without saving?"; closing or reloading the tab gets the browser's own warning. What is unsaved
 * is said by the forms themselves (src/ui/forms/unsaved-changes.ts).
 *
 * Why not Refine's <UnsavedChangesNotifier/>: under a plain router (not a data router) React
 * Router has no useBlocker, so Refine patches the router's navigator and asks with the
 * browser's window.confirm — which cannot be the app's own themed, translated dialog, and does
 * not see Back. This guard patches the same navigator (a push waits for the answer; a replace, a
 * redirect or a save moving on, is not asked about), holds Back and Forward through the app's
 * history (src/ui/shell/held-history.ts, as React Router's own blocker does), and asks with antd's
 * confirm (loaded with its first question).
 *
 * It keeps no history entry of its own: a save that moves on with `replace` takes the form's own
 * entry, so Back after creating a record goes where the user was before the create form.
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
import { registerPopHold } from './held-history';

const UnsavedQuestion = lazy(() => import('./UnsavedQuestion'));

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

  // In-app navigations go through the router's navigator: a push waits for the answer.
  // (navigate(-1) is a popstate, held below like the browser's Back.)
  useEffect(() => {
    const { push } = navigator;
    navigator.push = (...args) => {
      if (hasUnsavedChanges()) ask.current(() => push(...args));
      else push(...args);
    };
    return () => void Object.assign(navigator, { push });
  }, [navigator]);

  // Dialogs ask through the same question (closeAsking in src/ui/forms/unsaved-changes.ts).
  useEffect(() => registerUnsavedAsker((leave, stay, scope) => ask.current(leave, stay, scope)), []);

  // Back or Forward while work is unsaved: held before React Router draws the other page (the
  // history steps back to this one, src/ui/shell/held-history.ts), and taken again only if the
  // user chooses to leave (by then nothing is unsaved, so that step goes through).
  useEffect(
    () =>
      registerPopHold((delta) => {
        if (!hasUnsavedChanges()) return false;
        ask.current(() => window.history.go(delta));
        return true;
      }),
    [],
  );

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
