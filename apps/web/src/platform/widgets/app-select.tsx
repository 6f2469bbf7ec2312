/**
 * The one select (spec sections 2, 3, 5 and 9): four heights, a limit on
 * multiple choice, a debounced remote search, and under 768 px an action
 * sheet or a bottom sheet in place of the dropdown.
 */
import { DownOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Select, type RefSelectProps } from 'antd';
import {
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../ui/use-media';
import {
  filterOptions,
  normalizeLimit,
  selectMetrics,
  selectSizeFor,
  visibleOptions,
  type OptionValue,
  type SelectOption,
} from './select-rules';
import type { SelectActionSheetProps, SelectSheetProps } from './select-sheet';
import { useDebouncedCallback, useDebouncedValue } from './use-debounced';
import {
  MULTI_SELECT_FILTER_DEBOUNCE_MS,
  REMOTE_SEARCH_DEBOUNCE_MS,
  type SelectSize,
} from './widget-defaults';

// antd-mobile loads only on narrow screens, with the sheet that needs it. lazy() drops
// the generic parameter, so the components get their generic signatures back here.
const SelectSheet = lazy(() =>
  import('./select-sheet').then((m) => ({ default: m.SelectSheet })),
) as unknown as <V extends OptionValue>(props: SelectSheetProps<V>) => ReactNode;
const SelectActionSheet = lazy(() =>
  import('./select-sheet').then((m) => ({ default: m.SelectActionSheet })),
) as unknown as <V extends OptionValue>(props: SelectActionSheetProps<V>) => ReactNode;

interface CommonProps<V extends OptionValue> {
  options: readonly SelectOption<V>[];
  /** large 48, medium 40, standard 32, small 24 px; by default it follows the form's antd size. */
  size?: SelectSize;
  /** Search the options: locally by `searchText` (or a text label), or through `remoteSearch`. */
  searchable?: boolean;
  /** Called with the query once typing pauses for 300 ms; the options given are shown unfiltered. */
  remoteSearch?: (query: string) => void;
  loading?: boolean;
  placeholder?: string;
  searchPlaceholder?: string;
  /** The accessible name, and the heading of the narrow-screen sheet. */
  title?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** On the real input on wide screens, on the trigger button on narrow ones; the sheets derive theirs from it. */
  testId?: string;
  className?: string;
  style?: CSSProperties;
  /** What the closed select shows for the chosen option. */
  labelRender?: (option: SelectOption<V> | undefined) => ReactNode;
  popupMatchSelectWidth?: boolean | number;
}

export interface SingleSelectProps<V extends OptionValue> extends CommonProps<V> {
  multiple?: false;
  value?: V | null;
  onChange?: (value: V) => void;
}

export interface MultiSelectProps<V extends OptionValue> extends CommonProps<V> {
  multiple: true;
  value?: readonly V[];
  onChange?: (values: V[]) => void;
  /** Most options that may be chosen; 0 (default) is unlimited. */
  limit?: number;
}

export type AppSelectProps<V extends OptionValue> = SingleSelectProps<V> | MultiSelectProps<V>;

export function AppSelect<V extends OptionValue = string>(props: AppSelectProps<V>) {
  const isMobile = useIsMobile();
  return isMobile ? <MobileSelect {...props} /> : <DesktopSelect {...props} />;
}

function selectedValues<V extends OptionValue>(props: AppSelectProps<V>): V[] {
  if (props.multiple) return [...(props.value ?? [])];
  return props.value === undefined || props.value === null ? [] : [props.value];
}

function DesktopSelect<V extends OptionValue>(props: AppSelectProps<V>) {
  const { options, searchable, remoteSearch, testId, labelRender, style } = props;
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const size = selectSizeFor(props.size, ConfigProvider.useConfig().componentSize);
  const ref = useRef<RefSelectProps>(null);
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, MULTI_SELECT_FILTER_DEBOUNCE_MS);
  const search = useDebouncedCallback((q: string) => remoteSearch?.(q), REMOTE_SEARCH_DEBOUNCE_MS);
  const { heightPx, antdSize } = selectMetrics(size);
  const showSearch = Boolean(searchable || remoteSearch);
  // A multi-select filters once typing pauses; a single one as you type (spec section 9).
  const filterQuery = props.multiple ? settled : query;
  const shown = useMemo(() => {
    const visible = visibleOptions(options);
    return remoteSearch ? visible : filterOptions(visible, filterQuery);
  }, [options, remoteSearch, filterQuery]);

  // antd puts data-* on the select's wrapper; the test id belongs on the real input.
  useEffect(() => {
    const input = ref.current?.nativeElement?.querySelector('input');
    if (testId) input?.setAttribute('data-testid', testId);
  }, [testId]);

  const byValue = (v: V) => options.find((o) => o.value === v);
  const common = {
    ref,
    size: antdSize,
    disabled: props.disabled,
    loading: props.loading,
    allowClear: props.allowClear,
    placeholder: props.placeholder,
    'aria-label': props.title,
    className: props.className,
    popupMatchSelectWidth: props.popupMatchSelectWidth,
    // antd has three sizes; the fourth height rides on the select's own height variable.
    style: { [`--${getPrefixCls()}-select-height`]: `${heightPx}px`, ...style } as CSSProperties,
    options: shown.map((o) => ({ label: o.label, value: o.value, disabled: o.disabled })),
    showSearch: showSearch
      ? {
          searchValue: query,
          filterOption: false,
          onSearch: (q: string) => {
            setQuery(q);
            if (remoteSearch) search(q);
          },
        }
      : false,
    labelRender: labelRender
      ? ({ value }: { value?: unknown }) => labelRender(byValue(value as V))
      : undefined,
    onOpenChange: (open: boolean) => {
      if (!open) setQuery('');
    },
  };

  if (props.multiple) {
    const limit = normalizeLimit(props.limit);
    return (
      <Select<V[]>
        {...common}
        mode="multiple"
        value={[...(props.value ?? [])]}
        maxCount={limit > 0 ? limit : undefined}
        onChange={(values) => props.onChange?.(values)}
      />
    );
  }
  return (
    <Select<V>
      {...common}
      value={props.value ?? undefined}
      onChange={(value) => {
        setQuery('');
        if (value !== undefined) props.onChange?.(value);
      }}
    />
  );
}

function MobileSelect<V extends OptionValue>(props: AppSelectProps<V>) {
  const { t } = useTranslation();
  const { options, testId = 'select', labelRender, title } = props;
  const size = selectSizeFor(props.size, ConfigProvider.useConfig().componentSize);
  const [open, setOpen] = useState(false);
  const selected = selectedValues(props);
  const { heightPx } = selectMetrics(size);
  const searchable = Boolean(props.searchable || props.remoteSearch);
  const chosen = selected.map((v) => options.find((o) => o.value === v));
  const shownLabel = labelRender
    ? labelRender(chosen[0])
    : chosen
        .filter((o): o is SelectOption<V> => o !== undefined)
        .map((o, i) => (
          <span key={String(o.value)}>
            {i > 0 && ', '}
            {o.label}
          </span>
        ));
  const empty = selected.length === 0 && !labelRender;

  return (
    <>
      <Button
        data-testid={testId}
        className={`widget-trigger ${props.className ?? ''}`.trim()}
        style={{ height: heightPx, ...props.style }}
        aria-haspopup="dialog"
        aria-label={title}
        disabled={props.disabled}
        onClick={() => setOpen(true)}
      >
        {empty ? (
          <span className="widget-trigger-placeholder">
            {props.placeholder ?? t('widgets.selectPlaceholder')}
          </span>
        ) : (
          <span>{shownLabel}</span>
        )}
        <DownOutlined />
      </Button>
      <Suspense fallback={null}>
        {!props.multiple && !searchable ? (
          <SelectActionSheet
            open={open}
            onClose={() => setOpen(false)}
            options={options}
            title={title}
            testId={testId}
            onPick={(value) => props.onChange?.(value)}
          />
        ) : (
          <SelectSheet
            open={open}
            onClose={() => setOpen(false)}
            options={options}
            title={title}
            testId={testId}
            multiple={Boolean(props.multiple)}
            selected={selected}
            onSelect={(values) => {
              if (props.multiple) props.onChange?.(values);
              else if (values[0] !== undefined) props.onChange?.(values[0]);
            }}
            searchable={searchable}
            remoteSearch={props.remoteSearch}
            loading={props.loading}
            limit={props.multiple ? props.limit : undefined}
            searchPlaceholder={props.searchPlaceholder}
          />
        )}
      </Suspense>
    </>
  );
}
