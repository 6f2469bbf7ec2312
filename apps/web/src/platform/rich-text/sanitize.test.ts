import { afterEach, describe, expect, it, vi } from 'vitest';
import { sanitizeHtml, unsafeStyle } from './sanitize';

/** Vectors of the kinds public XSS cheat sheets list: each must come out inert. */
const VECTORS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<object data="javascript:alert(1)"></object>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<details open ontoggle=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

describe('the rich-text sanitiser', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(VECTORS)('leaves nothing runnable of %s', (vector) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const clean = sanitizeHtml(vector);
    expect(clean).not.toMatch(
      /<script|onerror|onload|ontoggle|javascript:|vbscript:|expression\(|<iframe|<object|<form|<svg/i,
    );
    const box = document.createElement('div');
    box.innerHTML = clean;
    for (const el of box.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on')).toBe(false);
    }
  });

  it('keeps the allowed formatting, attributes and safe links', () => {
    const clean = sanitizeHtml(
      '<h2 class="t">Title</h2><p style="color: red">Hi <strong>there</strong> <a href="https://example.org/x" title="ex">link</a></p><img src="/banner.png" alt="b">',
    );
    expect(clean).toContain('<h2 class="t">Title</h2>');
    expect(clean).toContain('style="color: red"');
    expect(clean).toContain('<strong>there</strong>');
    expect(clean).toContain('title="ex"');
    expect(clean).toContain('<img src="/banner.png" alt="b">');
  });

  it('removes script and noscript bodies and comments, and unwraps unknown tags', () => {
    const clean = sanitizeHtml(
      '<p>a<!-- secret --></p><script>var x=1</script><noscript>no js</noscript><blink>b</blink>',
    );
    expect(clean).toBe('<p>a</p>b');
  });

  it('empties text that names a script scheme, keeping the rest', () => {
    const clean = sanitizeHtml('<p>Paste javascript:alert(1) here</p><p>Fine</p>');
    expect(clean).toBe('<p></p><p>Fine</p>');
  });

  it('marks external links nofollow and noopener', () => {
    const clean = sanitizeHtml('<a href="https://elsewhere.example/" target="_blank">x</a>');
    expect(clean).toMatch(/rel="[^"]*nofollow[^"]*"/);
    expect(clean).toMatch(/rel="[^"]*noopener[^"]*"/);
  });

  it('drops style values that can run script', () => {
    expect(unsafeStyle('width: expression(alert(1))')).toBe(true);
    expect(unsafeStyle('background: url("javascript:alert(1)")')).toBe(true);
    expect(unsafeStyle('background: url(/img.png)')).toBe(false);
    expect(unsafeStyle('color: red')).toBe(false);
  });
});
