/**
 * The select on narrow screens (spec section 2): an action sheet for a plain
 * single select, a bottom sheet with search and a check list for a
 * searchable or multiple one. Loaded lazily by AppSelect under 768 px only,
 * so antd-mobile stays out of the first load.
 */
import { Button } from 'antd';
// Deep imports: the package root pulls every component and its styles into the bundle.
import 'antd-mobile/es/global';
import ActionSheet from 'antd-mobile/es/components/action-sheet';
import CheckList from 'antd-mobile/es/components/check-list';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './mobile-widgets.css';
import {
  filterOptions,
  isAtLimit,
  normalizeLimit,
  visibleOptions,
  type OptionValue,
  type SelectOption,
} from './select-rules';
import { useDebouncedCallback, useDebouncedValue } from './use-debounced';
import { MULTI_SELECT_FILTER_DEBOUNCE_MS, REMOTE_SEARCH_DEBOUNCE_MS } from './widget-defaults';

export function OptionLabel<V extends OptionValue>({ option }: { option: SelectOption<V> }) {
  if (!option.imageUrl) return <>{option.label}</>;
  return (
    <span className="widget-option">
      <img className="widget-option-image" src={option.imageUrl} alt="" />
      {option.label}
    </span>
  );
}

export interface SheetBase<V extends OptionValue> {
  open: boolean;
  onClose: () => void;
  options: readonly SelectOption<V>[];
  title?: ReactNode;
  testId: string;
}

export interface SelectActionSheetProps<V extends OptionValue> extends SheetBase<V> {
  onPick: (value: V) => void;
}

/** A single select without search: one tap picks (`${testId}-action-sheet`). */
export function SelectActionSheet<V extends OptionValue>({
  open,
  onClose,
  options,
  title,
  testId,
  onPick,
}: SelectActionSheetProps<V>) {
  const { t } = useTranslation();
  const shown = visibleOptions(options);
  return (
    <ActionSheet
      visible={open}
      onClose={onClose}
      extra={title}
      cancelText={t('common.cancel')}
      closeOnAction
      className="widget-sheet-layer widget-action-sheet"
      data-testid={`${testId}-action-sheet`}
      actions={shown.map((o) => ({
        key: o.value,
        text: <OptionLabel option={o} />,
        disabled: o.disabled,
      }))}
      onAction={(action) => {
        const picked = shown.find((o) => o.value === action.key);
        if (picked && !picked.disabled) onPick(picked.value);
      }}
    />
  );
}

export interface SelectSheetProps<V extends OptionValue> extends SheetBase<V> {
  multiple: boolean;
  selected: readonly V[];
  /** Single: the picked value, then the sheet closes. Multiple: the whole new selection. */
  onSelect: (values: V[]) => void;
  searchable: boolean;
  remoteSearch?: (query: string) => void;
  loading?: boolean;
  limit?: number;
  searchPlaceholder?: string;
}

/** Searchable or multiple: a bottom sheet with a search bar and a check list (`${testId}-sheet`). */
export function SelectSheet<V extends OptionValue>({
  open,
  onClose,
  options,
  title,
  testId,
  multiple,
  selected,
  onSelect,
  searchable,
  remoteSearch,
  loading,
  limit,
  searchPlaceholder,
}: SelectSheetProps<V>) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  // A multi-select filters once typing pauses; a single one as you type (spec section 9).
  const settled = useDebouncedValue(query, MULTI_SELECT_FILTER_DEBOUNCE_MS);
  const filterQuery = multiple ? settled : query;
  const search = useDebouncedCallback((q: string) => remoteSearch?.(q), REMOTE_SEARCH_DEBOUNCE_MS);
  const shown = useMemo(() => {
    const visible = visibleOptions(options);
    // A remote search has already filtered on the server.
    return remoteSearch ? visible : filterOptions(visible, filterQuery);
  }, [options, remoteSearch, filterQuery]);
  const cap = normalizeLimit(limit);
  const full = multiple && isAtLimit(selected.length, cap);

  const close = () => {
    setQuery('');
    search.cancel();
    onClose();
  };

  return (
    <Popup
      visible={open}
      onMaskClick={close}
      onClose={close}
      showCloseButton
      destroyOnClose
      className="widget-sheet-layer"
      bodyClassName={`widget-sheet${searchable ? ' has-search' : ''}`}
      data-testid={`${testId}-sheet`}
    >
      {title && (
        <div className="widget-sheet-head" role="heading" aria-level={2}>
          {title}
        </div>
      )}
      {searchable && (
        <SearchBar
          className="widget-sheet-search"
          placeholder={searchPlaceholder ?? t('widgets.search')}
          value={query}
          onChange={(q) => {
            setQuery(q);
            if (remoteSearch) search(q);
          }}
        />
      )}
      {multiple && cap > 0 && (
        <p className="widget-sheet-note" aria-live="polite">
          {t('widgets.selectLimit', { count: cap, chosen: selected.length })}
        </p>
      )}
      <div className="widget-sheet-list">
        {shown.length > 0 ? (
          <CheckList
            multiple={multiple}
            value={[...selected]}
            onChange={(picked) => {
              const values = picked as V[];
              if (!multiple) {
                // Tapping the chosen entry again leaves it chosen.
                const value = values[0];
                if (value !== undefined) onSelect([value]);
                close();
                return;
              }
              if (cap > 0 && values.length > cap) return;
              onSelect(values);
            }}
          >
            {shown.map((o) => (
              <CheckList.Item
                key={o.value}
                value={o.value}
                disabled={o.disabled || (full && !selected.includes(o.value))}
                data-testid={`${testId}-option-${o.value}`}
              >
                <OptionLabel option={o} />
              </CheckList.Item>
            ))}
          </CheckList>
        ) : (
          <p className="widget-sheet-empty">{loading ? t('common.loading') : t('common.empty')}</p>
        )}
      </div>
      {multiple && (
        <div className="widget-sheet-foot">
          <Button type="primary" onClick={close} data-testid={`${testId}-done`}>
            {t('widgets.done')}
          </Button>
        </div>
      )}
    </Popup>
  );
}
