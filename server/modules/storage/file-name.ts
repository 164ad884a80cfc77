/** How long a stored file's name may be (the lists and the download header show it whole). */
export const FILE_NAME_MAX = 200;

/** The longest extension kept whole when a long name is cut (".docx", ".jpeg"). */
const EXTENSION_MAX = 10;

/** Control characters and quotes (a quote would end the header's filename="…"). */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f"]/g;

/**
 * Characters that change the order text is drawn in (right-to-left override and isolates): in a
 * name they make "invoice\u202Efdp.exe" read as "invoiceexe.pdf" in a list.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** `text` cut to at most `max` UTF-16 units, never through an emoji (a surrogate pair). */
function cut(text: string, max: number): string {
  const part = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(part) ? part.slice(0, -1) : part;
}

/**
 * The name a browser sent with an upload, safe to store, list and send back in a
 * Content-Disposition header: its last path segment (some browsers send a whole path), without
 * control characters, direction controls or quotes, trimmed, at most FILE_NAME_MAX characters
 * with its extension kept (a cut name still opens with the right program); `fallback` when
 * nothing is left, or only `.` or `..`. The one cleaner of every upload route.
 */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = base.replace(CONTROLS, '').replace(BIDI_CONTROLS, '').trim();
  if (printable === '.' || printable === '..') return fallback;
  if (printable.length <= FILE_NAME_MAX) return printable || fallback;
  const dot = printable.lastIndexOf('.');
  const ext = dot > 0 && printable.length - dot <= EXTENSION_MAX ? printable.slice(dot) : '';
  return `${cut(printable.slice(0, printable.length - ext.length), FILE_NAME_MAX - ext.length).trimEnd()}${ext}`;
}
