/**
 * Whether an absolute address's host holds a space or a percent escape, which no host may: the
 * server's URL parser (Node's, as the standard says) refuses 'https://exa mple.com' while
 * Chromium's takes it as 'exa%20mple.com'. A rule shared by the browser and the server says it
 * itself, so both give the same verdict (a save the editor let through was refused by the server).
 */
export function hostIsMalformed(value: string): boolean {
  const afterScheme = value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  return /[\s%]/.test(afterScheme.split(/[/?#]/, 1)[0]!);
}
