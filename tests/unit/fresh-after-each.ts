import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { discardUnsavedChanges } from '../../src/ui/forms/unsaved-changes';

/**
 * What every DOM unit test leaves is put away after it, here once instead of in each file: the
 * screens it drew (cleanup: vitest runs without globals, so testing-library registers no cleanup
 * of its own), the globals it stubbed (a fetch, a clock source) and the storage it wrote (a
 * signed-in user, a remembered setting), and the unsaved work its forms reported (the guard's
 * module-wide list: a form left dirty made the next test's link ask first). The files of a worker share one window and their
 * modules (isolate: false), so a screen, a stub or a stored value left by one test met the next.
 * A file's own afterEach runs before this one (vitest runs after-hooks last registered first); a
 * global a file stubs for all its tests is stubbed again before each (beforeEach).
 */
afterEach(() => {
  // A file of these projects that says `@vitest-environment node` (one that mocks a module) has no
  // screen or storage to put away, and keeps its own hooks: a global it stubs for the whole file
  // (passkey-late-answer's localStorage) stays.
  if (typeof window === 'undefined') return;
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  discardUnsavedChanges();
});
