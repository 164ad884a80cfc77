/**
 * Each unit file starts with empty storage and no cookies, as a page opened afresh. The files of a
 * worker share one happy-dom window (isolate: false), and its localStorage, sessionStorage and
 * cookies carry over: a file that signed a user in (renderInApp, setStoredUser) and did not clear
 * it left that user for the next file, whose screens then read the session of a business role (its
 * clock waits for the business's time zone, a request the test did not expect); a file that passed
 * two-factor left its `valid` cookie (src/providers/session.ts), so the next file's guard read the
 * browser as verified. Setup files run again before each file is imported, so a file may still
 * store what it needs at its top level or in its hooks.
 */

/** The paths a cookie the page can read may have been set with: none (the default), then each of the page's path's prefixes. */
const pathsOf = (pathname: string) => {
  const parts = pathname.split('/').filter(Boolean);
  const prefixes = Array.from({ length: parts.length + 1 }, (_, i) => `/${parts.slice(0, i).join('/')}`);
  return ['', ...[...prefixes, pathname].map((path) => `; Path=${path}`)];
};

/** Expires every cookie document.cookie shows, whatever path it was set with (happy-dom deletes one by name, domain and path). */
function clearCookies() {
  const expired = '; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  for (let pass = 0; pass < 3 && document.cookie !== ''; pass++)
    for (const part of document.cookie.split(';')) {
      const [name, value] = part.trim().split(/=(.*)/s);
      if (!name) continue;
      // A cookie set without a value is deleted by one without a value.
      for (const path of pathsOf(location.pathname))
        document.cookie = `${value === undefined ? name : `${name}=`}${expired}${path}`;
    }
}

/** Empties the page's storage and cookies (run before each file; exported for its own test). */
export function freshPageState() {
  // A file of these projects that says `@vitest-environment node` has no window.
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
}

freshPageState();
