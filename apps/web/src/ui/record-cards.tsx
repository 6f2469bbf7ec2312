import type { ReactNode } from 'react';
import './record-cards.css';

/** A column of a record list, and where it goes on the card that stands for a row on a narrow screen. */
export interface RecordColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /** title: the card's first line; end: that line's far end; grid (default); wide: a full row; action: below; none. */
  card?: 'title' | 'end' | 'grid' | 'wide' | 'action' | 'none';
}

/** Rows as cards: the title columns on top, the rest as labelled figures, the actions below. */
export function RecordCards<T>({
  columns,
  rows,
  rowKey,
  testId = 'record-rows',
}: {
  columns: readonly RecordColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  testId?: string;
}) {
  const on = (where: RecordColumn<T>['card']) =>
    columns.filter((c) => (c.card ?? 'grid') === where);
  return (
    <ul className="record-cards" data-testid={testId}>
      {rows.map((row) => (
        <li key={rowKey(row)}>
          <div className="record-card-top">
            <span className="record-card-pair">
              {on('title').map((c) => (
                <span key={c.key}>{c.render(row)}</span>
              ))}
            </span>
            {on('end').map((c) => (
              <span key={c.key}>{c.render(row)}</span>
            ))}
          </div>
          <dl className="record-card-grid">
            {[...on('grid'), ...on('wide')].map((c) => (
              <div key={c.key} className={c.card === 'wide' ? 'record-card-wide' : undefined}>
                <dt>{c.title}</dt>
                <dd>{c.render(row)}</dd>
              </div>
            ))}
          </dl>
          {on('action').map((c) => (
            <span key={c.key} className="record-card-action">
              {c.render(row)}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
