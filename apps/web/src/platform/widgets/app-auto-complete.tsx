/** Autocomplete whose suggestions are fetched once typing pauses (spec section 9: 300 ms). */
import { AutoComplete, type AutoCompleteProps, type RefSelectProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { SelectOption } from './select-rules';
import { useDebouncedCallback } from './use-debounced';
import { AUTOCOMPLETE_DEBOUNCE_MS } from './widget-defaults';

export type Suggestion = Pick<SelectOption<string>, 'label' | 'value' | 'disabled'>;

export interface AppAutoCompleteProps extends Omit<
  AutoCompleteProps,
  'options' | 'onSearch' | 'onChange' | 'value'
> {
  value?: string;
  onChange?: (value: string) => void;
  /** Suggestions for the text typed so far; only the answer to the latest query is shown. */
  fetchSuggestions: (query: string) => Promise<readonly Suggestion[]> | readonly Suggestion[];
  testId?: string;
}

export function AppAutoComplete({
  fetchSuggestions,
  onChange,
  testId,
  ...rest
}: AppAutoCompleteProps) {
  const [options, setOptions] = useState<readonly Suggestion[]>([]);
  const latest = useRef(0);
  const ref = useRef<RefSelectProps>(null);
  // antd puts data-* on the wrapper; the test id belongs on the real input.
  useEffect(() => {
    if (testId)
      ref.current?.nativeElement?.querySelector('input')?.setAttribute('data-testid', testId);
  }, [testId]);
  const fetch = useDebouncedCallback(async (query: string) => {
    const ticket = ++latest.current;
    try {
      const found = await fetchSuggestions(query);
      // A slower answer to an older query must not replace a newer one.
      if (ticket === latest.current) setOptions(found);
    } catch {
      if (ticket === latest.current) setOptions([]);
    }
  }, AUTOCOMPLETE_DEBOUNCE_MS);

  return (
    <AutoComplete
      {...rest}
      ref={ref}
      options={options.map((o) => ({ label: o.label, value: o.value, disabled: o.disabled }))}
      showSearch={{ onSearch: (query: string) => void fetch(query) }}
      onChange={(v: string) => onChange?.(v)}
    />
  );
}
