/**
 * Each unit file starts with empty storage, as a page opened afresh. The files of a worker share
 * one happy-dom window (isolate: false), and its localStorage and sessionStorage carry over: a file
 * that signed a user in (renderInApp, setStoredUser) and did not clear it left that user for the
 * next file, whose screens then read the session of a business role (its clock waits for the
 * business's time zone, a request the test did not expect). Setup files run again before each
 * file is imported, so a file may still store what it needs at its top level or in its hooks.
 */
if (typeof localStorage !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
}
