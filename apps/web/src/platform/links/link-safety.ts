/**
 * Link safety (spec section 5): which href and src values may stand, and
 * which rel an anchor gets. The product's own domains are configuration.
 */

/** Official domains that count as ours for rel decisions; extended at start from server configuration. */
let productDomains: readonly string[] = [];
const domainListeners = new Set<() => void>();

export function setProductDomains(domains: readonly string[]): void {
  const next = domains.map((d) => d.trim().toLowerCase()).filter(Boolean);
  if (next.join(' ') === productDomains.join(' ')) return;
  productDomains = next;
  for (const listener of domainListeners) listener();
}

/** The product's domains now: a new list each time they change, for `useSyncExternalStore`. */
export function currentProductDomains(): readonly string[] {
  return productDomains;
}

/**
 * Tells `listener` each time the product's domains change: HTML sanitised
 * before the configuration arrived decided its links' rel without them.
 */
export function subscribeProductDomains(listener: () => void): () => void {
  domainListeners.add(listener);
  return () => domainListeners.delete(listener);
}

export const APP_SCHEME = 'quay:';
export const MISSING_URL_MESSAGE = 'When a new tab page is opened, the URL does not exist.';

const ALLOWED_PREFIXES = [
  'http://',
  'https://',
  '//',
  'mailto:',
  'tel:',
  'blob:',
  'data:image/',
  `${APP_SCHEME}//`,
  './',
  '../',
  '#',
  '/',
];

/** Script schemes hide behind case, whitespace and control characters: compare a folded copy. */
function folded(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
}

export function hasScriptScheme(value: string): boolean {
  return /(javascript|vbscript|livescript):/.test(folded(value));
}

/** An href or src as it may stand, or '' (with a console warning) when it may not. */
export function safeUrl(value: string | null | undefined): string {
  if (!value) return '';
  const trimmed = value.trim();
  const lower = trimmed.toLowerCase();
  if (!hasScriptScheme(trimmed) && ALLOWED_PREFIXES.some((p) => lower.startsWith(p))) {
    // data: is allowed for images only, and never with an svg that can carry script.
    if (lower.startsWith('data:image/svg')) {
      console.warn(`[link-safety] blocked url: ${trimmed.slice(0, 80)}`);
      return '';
    }
    return trimmed;
  }
  console.warn(`[link-safety] blocked url: ${trimmed.slice(0, 80)}`);
  return '';
}

/** Text that mentions a script scheme is emptied. */
export function safeText(text: string): string {
  return hasScriptScheme(text) ? '' : text;
}

function hostOf(href: string, origin: string): string | null {
  try {
    return new URL(href, origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function isSameOrigin(href: string, origin: string): boolean {
  try {
    return new URL(href, origin).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

function isProductDomain(host: string, domains: readonly string[]): boolean {
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * The rel of an anchor: nofollow when it leaves both this origin and the
 * product's domains (those configured, unless given); noopener for other
 * origins; for a same-origin link in a new tab, opener added and noreferrer
 * removed.
 */
export function relFor(
  href: string,
  target: string | null,
  existingRel: string | null,
  origin: string,
  domains: readonly string[] = productDomains,
): string {
  const rel = new Set(
    (existingRel ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((r) => r.toLowerCase()),
  );
  const sameOrigin = isSameOrigin(href, origin);
  const host = hostOf(href, origin);
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(href.trim())?.[0]?.toLowerCase();
  const webLink =
    !scheme || scheme === 'http:' || scheme === 'https:' || href.trim().startsWith('//');
  if (webLink && !sameOrigin) {
    if (!host || !isProductDomain(host, domains)) rel.add('nofollow');
    rel.add('noopener');
    rel.delete('opener');
  }
  if (sameOrigin && target === '_blank') {
    rel.add('opener');
    rel.delete('noreferrer');
    rel.delete('noopener');
  }
  return [...rel].join(' ');
}

/** Applies the rules to one anchor element in place. */
export function secureAnchor(anchor: HTMLAnchorElement, origin = window.location.origin): void {
  const raw = anchor.getAttribute('href');
  if (raw === null) return;
  const href = safeUrl(raw);
  anchor.setAttribute('href', href);
  if (!href) return;
  const rel = relFor(href, anchor.getAttribute('target'), anchor.getAttribute('rel'), origin);
  if (rel) anchor.setAttribute('rel', rel);
  else anchor.removeAttribute('rel');
}

/** Opens a URL in a new tab: same-origin pages keep the opener, others do not. */
export function openExternal(url: string | null | undefined): void {
  if (!url) {
    console.error(MISSING_URL_MESSAGE);
    return;
  }
  const href = safeUrl(url);
  if (!href) return;
  const features = isSameOrigin(href, window.location.origin) ? '' : 'noopener';
  window.open(href, '_blank', features);
}
