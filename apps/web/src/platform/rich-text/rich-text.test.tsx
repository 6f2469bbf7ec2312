import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setProductDomains } from '../links/link-safety';
import { RichText } from './rich-text';

afterEach(() => {
  cleanup();
  act(() => setProductDomains([]));
});

const BODY =
  '<a href="https://www.quay.test/fees">fees</a> <a href="https://example.org/">guide</a>';

describe('rich text', () => {
  it('decides its links again once the product domains arrive after it was drawn', () => {
    render(<RichText html={BODY} testId="body" />);
    const rels = () =>
      Array.from(screen.getByTestId('body').querySelectorAll('a')).map((a) => a.rel);
    expect(rels()).toEqual(['nofollow noopener', 'nofollow noopener']);
    act(() => setProductDomains(['quay.test']));
    expect(rels()).toEqual(['noopener', 'nofollow noopener']);
  });
});
