/**
 * An address as it arrives, tidied of what a paste leaves in it: a link copied out of a mail or a
 * chat with its line break or a space after it (/quote/<token>%0A, /invoice_management%20). The
 * router's catch-all (`*`) does not match a path holding a line break, so such an address drew a
 * blank page with no way on; one with a trailing space opened "Not found" for a quote that
 * exists. No path of the app holds a line break, a tab or a space at its end, so these go.
 */

/** Encoded line breaks and tabs anywhere, and encoded spaces at the end (%0A, %0d, %09, %20). */
const PASTED = /%0[ad9]/gi;
const TRAILING_SPACES = /(?:%20)+$/i;

/** The path without what a paste added; the same path when it has nothing to drop. */
export function tidiedPath(pathname: string): string {
  const tidy = pathname.replace(PASTED, '').replace(TRAILING_SPACES, '');
  return tidy === '' ? '/' : tidy;
}

/** Puts the tidied path in the address bar before the router reads it (no new history entry). */
export function tidyPastedAddress(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'state' | 'replaceState'> = window.history,
) {
  const tidy = tidiedPath(location.pathname);
  if (tidy !== location.pathname) history.replaceState(history.state, '', `${tidy}${location.search}${location.hash}`);
}
