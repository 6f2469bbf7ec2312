import { DownOutlined } from '@ant-design/icons';
import { lazy, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// antd's menu loads after the first paint; until then "More" is its plain button.
const Dropdown = lazy(() => import('antd/es/dropdown'));

export interface PriorityNavItem {
  key: string;
  /** The entry as the row shows it. */
  node: ReactNode;
  /** Its words alone, to measure it and to list it under "More". */
  label: string;
  /** The entry as the "More" menu shows it. */
  menuNode: ReactNode;
}

/**
 * The product row of the header: as many entries as the width holds, in order,
 * and the rest under "More" — as the large exchanges do — so the row never
 * scrolls or spills at tablet widths or in long languages. A hidden copy of
 * the words measures each entry; the row recounts when its width or the words
 * change.
 */
export function PriorityNav({
  items,
  label,
}: {
  items: readonly PriorityNavItem[];
  label: string;
}) {
  const { t } = useTranslation();
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(items.length);
  const [moreOpen, setMoreOpen] = useState(false);

  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return undefined;
    const count = () => {
      const widths = [...measure.children].map((el) => el.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      const gap = Number.parseFloat(getComputedStyle(nav).columnGap) || 0;
      const room = nav.clientWidth;
      const rowWidth = (n: number) =>
        widths.slice(0, n).reduce((sum, w) => sum + w, 0) + gap * Math.max(0, n - 1);
      if (rowWidth(widths.length) <= room) {
        setShown(widths.length);
        return;
      }
      let fits = widths.length - 1;
      while (fits > 0 && rowWidth(fits) + gap + more > room) fits -= 1;
      setShown(fits);
    };
    count();
    const observer = new ResizeObserver(count);
    observer.observe(nav);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [items.length]);

  const hidden = items.slice(shown);
  const more = (early?: () => void) => (
    <button
      type="button"
      className="nav-item nav-more"
      data-testid="nav-more"
      onMouseEnter={early}
      onClick={early}
    >
      {t('nav.more')} <DownOutlined />
    </button>
  );
  return (
    <nav className="nav" aria-label={label} ref={navRef}>
      {items.slice(0, shown).map((item) => (
        <span key={item.key} className="nav-slot">
          {item.node}
        </span>
      ))}
      {hidden.length > 0 ? (
        // A hover or click before antd's menu is here opens it as soon as it is.
        <Suspense fallback={more(() => setMoreOpen(true))}>
          <Dropdown
            open={moreOpen}
            onOpenChange={setMoreOpen}
            trigger={['hover', 'click']}
            menu={{ items: hidden.map((item) => ({ key: item.key, label: item.menuNode })) }}
          >
            {more()}
          </Dropdown>
        </Suspense>
      ) : null}
      <div className="nav-measure" ref={measureRef} aria-hidden="true">
        {items.map((item) => (
          <span key={item.key} className="nav-item">
            {item.label}
          </span>
        ))}
        <span className="nav-item">
          {t('nav.more')} <DownOutlined />
        </span>
      </div>
    </nav>
  );
}
