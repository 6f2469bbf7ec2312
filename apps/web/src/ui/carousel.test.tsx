import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const clicked = vi.fn();
const SLIDES = ['one', 'two', 'three'].map((name) => ({
  key: name,
  content: (
    <a href={`#${name}`} onClick={clicked}>
      {name}
    </a>
  ),
}));

function draw() {
  render(<Carousel slides={SLIDES} dotLabel={(place, count) => `Banner ${place} of ${count}`} />);
}
/** The slide a user sees and can reach: the one neither hidden nor inert. */
function shown(): string[] {
  return screen
    .getAllByRole('link', { hidden: true })
    .filter((a) => {
      const slide = a.closest('.carousel-slide') as HTMLElement;
      return slide.getAttribute('aria-hidden') !== 'true' && !slide.inert;
    })
    .map((a) => a.textContent ?? '');
}
function swipe(from: number, to: number) {
  const track = screen.getByTestId('carousel').querySelector('.carousel-track') as HTMLElement;
  fireEvent.pointerDown(track, { clientX: from, clientY: 100 });
  fireEvent.pointerUp(track, { clientX: to, clientY: 104 });
}

beforeEach(() => {
  vi.useFakeTimers();
  clicked.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.documentElement.dir = 'ltr';
});

describe('carousel', () => {
  it('shows one slide; the others are neither read out nor reachable; a dot brings its slide', () => {
    draw();
    expect(shown()).toEqual(['one']);
    const dots = screen.getAllByRole('button');
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Banner 1 of 3',
      'Banner 2 of 3',
      'Banner 3 of 3',
    ]);
    expect(dots[0]?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(dots[2] as HTMLElement);
    expect(shown()).toEqual(['three']);
    expect(dots[2]?.getAttribute('aria-current')).toBe('true');
    expect(dots[0]?.hasAttribute('aria-current')).toBe(false);
  });

  it('turns every 6 s, round to the first, and holds while the pointer or the focus is on it', () => {
    draw();
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toEqual(['two']);
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toEqual(['three']);
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toEqual(['one']);
    const frame = screen.getByTestId('carousel');
    fireEvent.pointerEnter(frame);
    act(() => vi.advanceTimersByTime(20_000));
    expect(shown()).toEqual(['one']);
    fireEvent.pointerLeave(frame);
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toEqual(['two']);
    fireEvent.focus(screen.getAllByRole('button')[0] as HTMLElement);
    act(() => vi.advanceTimersByTime(20_000));
    expect(shown()).toEqual(['two']);
  });

  it('a slide turned by hand stays its full time', () => {
    draw();
    act(() => vi.advanceTimersByTime(5000));
    fireEvent.click(screen.getAllByRole('button')[2] as HTMLElement);
    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toEqual(['three']);
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual(['one']);
  });

  it('turns with a swipe, which follows no link, and the other way round right to left', () => {
    draw();
    swipe(300, 200);
    expect(shown()).toEqual(['two']);
    fireEvent.click(screen.getByText('two'));
    expect(clicked).not.toHaveBeenCalled();
    // A tap is a click.
    swipe(200, 195);
    fireEvent.click(screen.getByText('two'));
    expect(clicked).toHaveBeenCalledTimes(1);
    swipe(200, 300);
    expect(shown()).toEqual(['one']);
    document.documentElement.dir = 'rtl';
    swipe(300, 200);
    expect(shown()).toEqual(['three']);
  });
});
