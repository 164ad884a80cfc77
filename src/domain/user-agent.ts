/**
 * The browser and operating system a User-Agent header names, for people to read ("Chrome on
 * Linux" in the access log) rather than the raw header. A short ordered list of tokens, not a
 * full parser: browsers that also send another's token come first (Edge and Opera send
 * "Chrome", Chrome sends "Safari", Android sends "Linux"). Names are products, not translated.
 */
export interface UserAgentSummary {
  browser: string | null;
  os: string | null;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\b(Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: readonly [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function summarizeUserAgent(header: string | null | undefined): UserAgentSummary {
  const text = header ?? '';
  return { browser: first(BROWSERS, text), os: first(SYSTEMS, text) };
}
