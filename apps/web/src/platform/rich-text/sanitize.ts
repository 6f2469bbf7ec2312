/**
 * The one sanitiser for server-provided HTML (announcements, P2P terms, coin
 * descriptions): DOMPurify with the spec's allow-list, then the link rules.
 */
import DOMPurify from 'dompurify';
import {
  currentProductDomains,
  hasScriptScheme,
  relFor,
  safeText,
  safeUrl,
} from '../links/link-safety';

export const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

export const ALLOWED_ATTRIBUTES = [
  'class',
  'style',
  'href',
  'title',
  'target',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'align',
  'name',
  'id',
];

const purifier = DOMPurify(window);

/** A style value is dropped when it could run script: expression(), or url() with a script scheme. */
export function unsafeStyle(style: string): boolean {
  const compact = style
    .replace(/\/\*.*?\*\//g, '')
    .replace(/\\/g, '')
    .toLowerCase();
  if (/expression\s*\(/.test(compact)) return true;
  const urls = [...compact.matchAll(/url\s*\(([^)]*)\)/g)].map((m) => m[1] ?? '');
  return urls.some((u) => hasScriptScheme(u.replace(/["']/g, '')));
}

// Text that names a script scheme is emptied (spec section 5), wherever it stands.
purifier.addHook('uponSanitizeElement', (node) => {
  if (node.nodeType === Node.TEXT_NODE && node.textContent && !safeText(node.textContent)) {
    node.textContent = '';
  }
});

purifier.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && unsafeStyle(data.attrValue)) data.keepAttr = false;
  if (data.attrName === 'href' || data.attrName === 'src') {
    const value = safeUrl(data.attrValue);
    if (!value) data.keepAttr = false;
    else data.attrValue = value;
  }
});

/** The product domains of the sanitising under way (`sanitizeHtml`). */
let sanitisingWith: readonly string[] = [];

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof HTMLAnchorElement) {
    const href = node.getAttribute('href');
    if (!href) return;
    const target = node.getAttribute('target');
    if (target && target !== '_blank' && target !== '_self') node.removeAttribute('target');
    const rel = relFor(
      href,
      node.getAttribute('target'),
      node.getAttribute('rel'),
      window.location.origin,
      sanitisingWith,
    );
    if (rel) node.setAttribute('rel', rel);
  }
});

/**
 * Clean HTML: allowed tags and attributes only, no script, no comments, safe
 * links, their rel decided with these product domains (those configured now,
 * unless given).
 */
export function sanitizeHtml(
  dirty: string,
  domains: readonly string[] = currentProductDomains(),
): string {
  sanitisingWith = domains;
  return purifier.sanitize(dirty, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ALLOWED_ATTRIBUTES,
    FORBID_TAGS: ['script', 'noscript', 'style', 'iframe', 'object', 'embed', 'form'],
    KEEP_CONTENT: true,
    ALLOW_DATA_ATTR: false,
    SAFE_FOR_TEMPLATES: false,
  });
}
