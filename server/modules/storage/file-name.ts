/** How long a stored file's name may be (the lists and the download header show it whole). */
export const FILE_NAME_MAX = 200;

/**
 * The name a browser sent with an upload, safe to store, list and send back in a
 * Content-Disposition header: its last path segment (some browsers send a whole path), without
 * control characters or quotes, trimmed, at most FILE_NAME_MAX characters; `fallback` when
 * nothing is left. The one cleaner of every upload route.
 */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return printable.slice(0, FILE_NAME_MAX).trim() || fallback;
}
