import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MISSING_URL_MESSAGE,
  openExternal,
  relFor,
  safeText,
  safeUrl,
  secureAnchor,
  setProductDomains,
} from './link-safety';

const ORIGIN = 'https://www.quay.example';

describe('href and src values', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    'https://a.example/x',
    'http://a.example',
    '//cdn.example/x.png',
    'mailto:help@quay.example',
    'tel:+441234',
    'blob:https://www.quay.example/123',
    'data:image/png;base64,AAAA',
    'quay://trade/BTCUSDT',
    './page',
    '../up',
    '#anchor',
    '/path',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'ftp://x',
    'data:text/html,<b>',
    'data:image/svg+xml,<svg>',
    'page.html',
  ])('blanks %j with a console warning', (url) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(safeUrl(url)).toBe('');
    expect(warn).toHaveBeenCalled();
  });

  it('empties text that carries a javascript: scheme', () => {
    expect(safeText('see javascript:alert(1)')).toBe('');
    expect(safeText('plain text')).toBe('plain text');
  });
});

describe('rel of anchors', () => {
  it('adds nofollow and noopener to links that leave the origin and the product domains', () => {
    setProductDomains([]);
    expect(relFor('https://other.example/', '_blank', null, ORIGIN)).toBe('nofollow noopener');
  });

  it('does not nofollow the product domains, but still opens them without opener', () => {
    setProductDomains(['quay.example', 'quay-alt.example']);
    expect(relFor('https://help.quay-alt.example/a', '_blank', null, ORIGIN)).toBe('noopener');
    expect(relFor('https://quay.example/a', null, null, ORIGIN)).toBe('noopener');
    setProductDomains([]);
  });

  it('gives same-origin links in a new tab opener and takes away noreferrer', () => {
    expect(relFor('/markets', '_blank', 'noreferrer noopener', ORIGIN)).toBe('opener');
    expect(relFor('https://www.quay.example/x', '_blank', 'noreferrer', ORIGIN)).toBe('opener');
    expect(relFor('/markets', null, null, ORIGIN)).toBe('');
  });

  it('secures an anchor in place', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = document.createElement('a');
    a.setAttribute('href', 'javascript:alert(1)');
    secureAnchor(a, ORIGIN);
    expect(a.getAttribute('href')).toBe('');
    const b = document.createElement('a');
    b.setAttribute('href', 'https://other.example');
    secureAnchor(b, ORIGIN);
    expect(b.getAttribute('rel')).toBe('nofollow noopener');
  });
});

describe('opening a new tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs the spec message when the URL is empty', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openExternal('');
    expect(error).toHaveBeenCalledWith(MISSING_URL_MESSAGE);
    expect(open).not.toHaveBeenCalled();
  });

  it('opens other origins without an opener', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openExternal('https://other.example/');
    expect(open).toHaveBeenCalledWith('https://other.example/', '_blank', 'noopener');
  });
});
