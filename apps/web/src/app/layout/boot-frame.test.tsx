import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@quay/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LOGO_MARKER, RTL_MARKER, withBootFrame } from '../../../build/boot-frame';
import { Logo } from '../../ui/logo';
import { BOOT_FRAME_ID } from './shell';

const source = readFileSync(join(__dirname, '../../../index.html'), 'utf8');
const html = withBootFrame(source, LANGUAGES);
const page = new DOMParser().parseFromString(html, 'text/html');

/** An element's markup with what differs only in spelling (self-closing tags, spacing) smoothed out. */
function shapeOf(element: Element): string {
  return element.outerHTML.replace(/\s+/g, ' ').replace(/> </g, '><');
}

describe("index.html's frame, painted before the app's code", () => {
  it('carries the same logo as the header the app draws', () => {
    const frame = page.getElementById(BOOT_FRAME_ID);
    const drawn = document.createElement('div');
    drawn.innerHTML = renderToStaticMarkup(<Logo />);
    const ours = frame?.querySelector('.quay-logo');
    const theirs = drawn.querySelector('.quay-logo');
    expect(ours && theirs).toBeTruthy();
    // aria-hidden sits on the whole frame, not on its drawing.
    theirs?.querySelector('svg')?.removeAttribute('aria-hidden');
    expect(shapeOf(ours as Element)).toBe(shapeOf(theirs as Element));
    expect(frame?.getAttribute('aria-hidden')).toBe('true');
    expect(frame?.querySelector('.site-header')).not.toBeNull();
  });

  it('reads right to left for exactly the languages that do', () => {
    const listed = /var rtl = (\[[^\]]*\]);/.exec(html)?.[1];
    expect(listed).toBeDefined();
    const rtl = JSON.parse(listed ?? '[]') as string[];
    expect(rtl.sort()).toEqual(
      LANGUAGES.filter((l) => l.dir === 'rtl')
        .map((l) => l.locale)
        .sort(),
    );
  });

  it('is written from the sources by the build, which refuses a page without its places', () => {
    expect(source).toContain(LOGO_MARKER);
    expect(source).toContain(RTL_MARKER);
    expect(html).not.toContain(LOGO_MARKER);
    expect(() => withBootFrame(source.replace(LOGO_MARKER, ''), LANGUAGES)).toThrow();
  });
});
