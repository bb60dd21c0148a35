import { UNKNOWN_BROWSER } from '@scanline/contracts';
export interface BrowserDescription {
  /** "Chrome 156", "Firefox 140", "Safari 18"; "Unknown browser" when nothing matches. */
  browser: string;
  /** "macOS", "Windows", "Android", "iOS", "Linux", "ChromeOS"; null when unknown. */
  os: string | null;
  /** Browser family and OS without versions: what "seen before" compares, so updates do not count as new. */
  fingerprint: string;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/\bnode(?:\.js)?\/v?(\d+)/i, 'Node.js'],
  [/\bcurl\/(\d+)/, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A person-readable name for the browser behind a User-Agent, for Settings → Sessions and security mail. */
export function describeUserAgent(userAgent: string | null | undefined): BrowserDescription {
  const ua = userAgent ?? '';
  let browser = UNKNOWN_BROWSER;
  let family = 'unknown';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      family = name;
      break;
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser, os, fingerprint: `${family}|${os ?? 'unknown'}` };
}

export const browserLabel = (d: BrowserDescription) => (d.os ? `${d.browser} on ${d.os}` : d.browser);
