import { languageOf } from '@quay/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../platform/settings/settings-store';
import { AppSelect } from '../../../platform/widgets/app-select';
import type { SelectOption } from '../../../platform/widgets/select-rules';
import { AREA_CODES, regionName } from '../utils/area-codes';
import './area-code-select.css';
import { CallingCode } from './calling-code';

function AreaCodeLabel({ code, name }: { code: string; name: string }) {
  return (
    <span className="area-code-label">
      <CallingCode code={code} /> <span>{name}</span>
    </span>
  );
}

/**
 * The calling code of a mobile number: searchable by code or by country name
 * in the page language. Under 768 px the shared select sheet takes over
 * (`${testId}-sheet`); the test id sits on the search input on wide screens
 * and on the trigger on narrow ones.
 */
export function AreaCodeSelect({
  value,
  onChange,
  testId,
}: {
  value?: string;
  onChange?: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const options = useMemo<SelectOption[]>(() => {
    const key = languageOf(language).languageKey;
    return AREA_CODES.map(({ region, code }) => {
      const name = regionName(region, key);
      return {
        // Region and code: unique even where regions share a code (+1).
        value: `${region}:${code}`,
        searchText: `+${code} ${name}`,
        label: <AreaCodeLabel code={code} name={name} />,
      };
    });
  }, [language]);
  const selected = options.find((o) => o.value.endsWith(`:${value ?? ''}`))?.value;

  return (
    <AppSelect
      testId={testId}
      title={t('auth.areaCode')}
      searchable
      options={options}
      value={selected}
      onChange={(v) => onChange?.(v.split(':')[1] ?? '')}
      labelRender={() => <CallingCode code={value ?? ''} />}
      placeholder={t('auth.searchAreaCode')}
      searchPlaceholder={t('auth.searchAreaCode')}
      popupMatchSelectWidth={260}
      className="area-code-select"
    />
  );
}
