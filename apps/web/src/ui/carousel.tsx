import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
} from 'react';
import './carousel.css';

/** How far a pointer moves sideways before its release turns the slide. */
const SWIPE_PX = 40;

export interface Slide {
  key: string;
  content: ReactNode;
}

export interface CarouselProps {
  slides: readonly Slide[];
  /** Each dot's accessible name: the slide's place, from 1. */
  dotLabel: (place: number, count: number) => string;
  /** How long a slide stays before the next comes; none when the user asks for less motion. */
  interval_ms?: number;
  className?: string;
}

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * One slide at a time on a track moved by a transform: nothing is measured,
 * so drawing it forces no layout (a slider that measures its slides cost the
 * home page a long task on a slow phone). The slides out of view are inert:
 * neither read out nor in the tab order. It turns by itself while the pointer
 * and the focus are elsewhere and the page is in view, by its dots, and by a
 * swipe (either way in a right-to-left page, as the eye reads it).
 */
export function Carousel({ slides, dotLabel, interval_ms = 6000, className }: CarouselProps) {
  const count = slides.length;
  const [current, setCurrent] = useState(0);
  const [held, setHeld] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const shown = count > 0 ? current % count : 0;

  useEffect(() => {
    if (count < 2 || held || reducedMotion()) return undefined;
    // From the slide shown: one turned by hand stays its full time too.
    let timer = window.setTimeout(function next() {
      if (document.visibilityState === 'visible') setCurrent((c) => (c + 1) % count);
      else timer = window.setTimeout(next, interval_ms);
    }, interval_ms);
    return () => window.clearTimeout(timer);
  }, [count, held, interval_ms, shown]);

  const turn = (by: number) => setCurrent((c) => (((c + by) % count) + count) % count);
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    swiped.current = true;
    const rtl = frame.current?.closest('[dir]')?.getAttribute('dir') === 'rtl';
    // A leftward swipe brings the next slide in from the right; in a right-to-left page, the reverse.
    turn(dx < 0 !== rtl ? 1 : -1);
  };

  return (
    <div
      ref={frame}
      className={['carousel', className].filter(Boolean).join(' ')}
      data-testid="carousel"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div
        className="carousel-track"
        style={{ '--carousel-slide': shown } as CSSProperties}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
        // A swipe that ends on a link does not follow it.
        onClickCapture={(event) => {
          if (!swiped.current) return;
          swiped.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
        onDragStart={(event) => event.preventDefault()}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.key}
            className="carousel-slide"
            aria-hidden={i !== shown}
            inert={i !== shown}
          >
            {slide.content}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="carousel-dots">
          {slides.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className="carousel-dot"
              aria-label={dotLabel(i + 1, count)}
              aria-current={i === shown ? 'true' : undefined}
              onClick={() => setCurrent(i)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
