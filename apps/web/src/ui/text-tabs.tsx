import type { ReactNode } from 'react';

/** A row of text tabs (the underlined kind) switching what the panel below shows. */
export function TextTabs<K extends string>({
  className,
  tabs,
  active,
  onSelect,
  testId,
}: {
  /** The row's own class (`pane-tabs`, `orders-tabs` ...). */
  className: string;
  tabs: readonly { key: K; label: ReactNode }[];
  active: K;
  onSelect: (key: K) => void;
  /** Names each tab for the tests. */
  testId?: (key: K) => string;
}) {
  return (
    <div className={className} role="tablist">
      {tabs.map(({ key, label }) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={active === key}
          className={`text-tab ${active === key ? 'active' : ''}`}
          onClick={() => onSelect(key)}
          data-testid={testId?.(key)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
