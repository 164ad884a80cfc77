import { beforeEach } from 'vitest';

/**
 * Each unit test starts on the app's origin. The files of a worker share one happy-dom window
 * (isolate: false), and happy-dom follows a link the app clicks to save a file (src/ui/download.ts:
 * an `<a download href="blob:…">`) where a browser would download it: the window moved to
 * `blob:nodedata:…` and stayed there for every later test and file of that worker. On a blob: URL
 * `document.cookie` keeps nothing (its path is not '/'), so the two-factor cookie the session sets
 * was never there: http-client "keeps the session when the refresh gets no answer", session and
 * two-factor failed whenever a file that saves a download (files-open-preview) had run before them
 * in their worker. A path on the origin a test went to is kept; only a window moved off it returns.
 */
const TEST_ORIGIN = 'http://localhost:3000';

type HappyWindow = Window & { happyDOM?: { setURL(url: string): void } };

beforeEach(() => {
  // A file of these projects that says `@vitest-environment node` has no window.
  if (typeof location === 'undefined') return;
  if (location.origin !== TEST_ORIGIN) (window as HappyWindow).happyDOM?.setURL(`${TEST_ORIGIN}/`);
});
