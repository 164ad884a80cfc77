/**
 * Unsaved work, app-wide (docs/architecture.md, "Unsaved changes"). A form or editor says when it
 * holds typed work that is not saved yet; the shell's UnsavedChangesGuard asks before an in-app
 * navigation or the browser's Back takes the page away, and the browser warns before the tab
 * closes or reloads. Several sources may be dirty at once (a page's form and a dialog's); the
 * page counts as unsaved while any of them is.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

const dirty = new Set<symbol>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Marks one source's work as unsaved (true) or saved / thrown away (false). */
export function setUnsaved(source: symbol, unsaved: boolean): void {
  if (unsaved === dirty.has(source)) return;
  if (unsaved) dirty.add(source);
  else dirty.delete(source);
  emit();
}

/** Whether any source holds unsaved work now (read at the moment a navigation is asked for). */
export const hasUnsavedChanges = (): boolean => dirty.size > 0;

/** The user chose to leave: every source's work is given up. */
export function discardUnsavedChanges(): void {
  if (!dirty.size) return;
  dirty.clear();
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** What the question is about: leaving the page, or closing a dialog (only its own work goes). */
export type UnsavedScope = 'page' | 'dialog';
type Asker = (leave: () => void, stay: (() => void) | undefined, scope: UnsavedScope) => void;
let asker: Asker | null = null;

/** The shell's guard asks the questions; it registers here while it is mounted. */
export function registerUnsavedAsker(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/**
 * A dialog's Cancel, Esc or ✕ while its form holds typed work: "Discard your changes?" first,
 * and `close` only if the user agrees (a dialog is closed as easily as a page is left, and its
 * work is lost the same). Without a guard mounted (a public page), closes at once.
 */
export function closeAsking(unsaved: boolean, close: () => void): void {
  if (!unsaved || !asker) return close();
  asker(close, undefined, 'dialog');
}

/** Re-renders when the app gains or loses unsaved work. */
export const useHasUnsavedChanges = (): boolean => useSyncExternalStore(subscribe, hasUnsavedChanges);

/**
 * A form's own switch: `markDirty` on the first change, `markSaved` after a save or a reset. Both
 * take effect at once, so a save may navigate in the same handler without being asked. A form
 * that goes away (a page left, a dialog closed) takes its unsaved state with it.
 */
export function useUnsavedFlag() {
  const source = useRef(Symbol('unsaved')).current;
  const [dirtyNow, setDirtyNow] = useState(false);
  const mark = useCallback(
    (unsaved: boolean) => {
      setUnsaved(source, unsaved);
      setDirtyNow(unsaved);
    },
    [source],
  );
  useEffect(() => () => setUnsaved(source, false), [source]);
  const markDirty = useCallback(() => mark(true), [mark]);
  const markSaved = useCallback(() => mark(false), [mark]);
  return { dirty: dirtyNow, markDirty, markSaved };
}

/** For state that already knows whether it is saved (an editor's reducer): follows `unsaved`. */
export function useUnsavedChanges(unsaved: boolean): void {
  const source = useRef(Symbol('unsaved')).current;
  useEffect(() => {
    setUnsaved(source, unsaved);
    return () => setUnsaved(source, false);
  }, [source, unsaved]);
}
