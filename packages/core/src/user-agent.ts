/** A person's reading of a user-agent string: the browser and the system, when recognised. */
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

export interface UserAgentReading {
  browser: string | null;
  system: string | null;
}

export function parseUserAgent(ua: string | null | undefined): UserAgentReading {
  if (!ua) return { browser: null, system: null };
  return {
    browser: BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null,
    system: SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null,
  };
}

/** "Chrome · Windows", one of them alone, or the start of the raw string when neither is known. */
export function describeUserAgent(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const { browser, system } = parseUserAgent(ua);
  if (browser && system) return `${browser} · ${system}`;
  if (browser || system) return browser ?? system;
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}
