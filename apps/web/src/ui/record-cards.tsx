import { Fragment, type ReactNode } from 'react';
import './record-cards.css';

/** Where a column goes on the card that stands for a row on a narrow screen. */
export type CardPlace = 'title' | 'end' | 'grid' | 'wide' | 'action' | 'none';

/** A column of a record list: a table cell on a wide screen, a part of a card on a narrow one. */
export interface RecordColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /** title: the card's first line; end: that line's far end; grid (default); wide: a full row; action: below; none. */
  card?: CardPlace;
  /** How the column reads on a card, when not as in the table. */
  cardRender?: (row: T) => ReactNode;
}

/**
 * How the cards are drawn: `list`, the records pages' cards (a two-column
 * grid of labelled figures); `compact`, the trading panels' denser cards
 * (a bold title line, three figures a row, the action at the end).
 */
export type CardLayout = 'list' | 'compact';

/** The columns in card order: those `order` names first, as named, then the rest as the table has them. */
export function inCardOrder<C extends { key: string }>(
  columns: readonly C[],
  order: readonly string[] = [],
): C[] {
  const rank = (c: C) => {
    const at = order.indexOf(c.key);
    return at === -1 ? order.length : at;
  };
  return columns
    .map((column, index) => ({ column, index }))
    .sort((a, b) => rank(a.column) - rank(b.column) || a.index - b.index)
    .map(({ column }) => column);
}

/** Rows as cards: the title columns on top, the rest as labelled figures, the actions below. */
export function RecordCards<T>({
  columns,
  rows,
  rowKey,
  testId = 'record-rows',
  layout = 'list',
  order,
}: {
  columns: readonly RecordColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  testId?: string;
  layout?: CardLayout;
  /** Column keys in the order the card shows them, when not the table's. */
  order?: readonly string[];
}) {
  const ordered = inCardOrder(columns, order);
  const on = (where: CardPlace) => ordered.filter((c) => (c.card ?? 'grid') === where);
  const show = (c: RecordColumn<T>, row: T) => (c.cardRender ?? c.render)(row);
  const [title, end, grid, wide, action] = [
    on('title'),
    on('end'),
    on('grid'),
    on('wide'),
    on('action'),
  ];

  if (layout === 'compact') {
    return (
      <div className="order-cards" data-testid={testId}>
        {rows.map((row) => (
          <div key={rowKey(row)} className="order-card">
            <div className="order-card-head">
              <span className="order-card-title">
                {title.map((c, i) => (
                  <Fragment key={c.key}>
                    {i > 0 ? ' ' : null}
                    {show(c, row)}
                  </Fragment>
                ))}
              </span>
              {end.map((c) => (
                <Fragment key={c.key}>{show(c, row)}</Fragment>
              ))}
            </div>
            <dl className="order-card-fields">
              {[...grid, ...wide].map((c) => (
                <div key={c.key}>
                  <dt>{c.title}</dt>
                  <dd>
                    <bdi dir="ltr">{show(c, row)}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            {action.length > 0 ? (
              <div className="order-card-action">
                {action.map((c) => (
                  <Fragment key={c.key}>{show(c, row)}</Fragment>
                ))}
              </div>
            ) : null}
          </div>
        ))}
      </div>
    );
  }

  return (
    <ul className="record-cards" data-testid={testId}>
      {rows.map((row) => (
        <li key={rowKey(row)}>
          <div className="record-card-top">
            <span className="record-card-pair">
              {title.map((c) => (
                <span key={c.key}>{show(c, row)}</span>
              ))}
            </span>
            {end.map((c) => (
              <span key={c.key}>{show(c, row)}</span>
            ))}
          </div>
          <dl className="record-card-grid">
            {[...grid, ...wide].map((c) => (
              <div key={c.key} className={c.card === 'wide' ? 'record-card-wide' : undefined}>
                <dt>{c.title}</dt>
                <dd>{show(c, row)}</dd>
              </div>
            ))}
          </dl>
          {action.map((c) => {
            // A row without the action (a withdrawal no longer pending) leaves no empty line.
            const node = show(c, row);
            return node === null || node === undefined || node === false ? null : (
              <span key={c.key} className="record-card-action">
                {node}
              </span>
            );
          })}
        </li>
      ))}
    </ul>
  );
}
