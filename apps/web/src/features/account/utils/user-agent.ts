/** A person's reading of a user-agent string: "Chrome on Windows", or the raw start when unknown. */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\/[\d.]+/, 'Edge'],
  [/OPR\/[\d.]+|Opera/, 'Opera'],
  [/Firefox\/[\d.]+|FxiOS/, 'Firefox'],
  [/SamsungBrowser\/[\d.]+/, 'Samsung Internet'],
  [/Chrome\/[\d.]+|CriOS|Chromium/, 'Chrome'],
  [/Version\/[\d.]+.*Safari/, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  if (browser || system) return browser ?? system ?? null;
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}
