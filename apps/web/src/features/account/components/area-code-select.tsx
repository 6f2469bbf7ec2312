import { languageOf } from '@quay/core';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../platform/settings/settings-store';
import { AREA_CODES, regionName } from '../utils/area-codes';

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
  const options = useMemo(() => {
    const key = languageOf(language).languageKey;
    return AREA_CODES.map(({ region, code }) => ({
      value: `${region}:${code}`,
      code,
      label: `+${code} ${regionName(region, key)}`,
    }));
  }, [language]);
  const selected = options.find((o) => o.code === value)?.value;
  return (
    <Select
      data-testid={testId}
      aria-label={t('auth.areaCode')}
      showSearch={{ optionFilterProp: 'label' }}
      value={selected}
      onChange={(v: string) => onChange?.(v.split(':')[1] ?? '')}
      options={options}
      labelRender={() => `+${value ?? ''}`}
      placeholder={t('auth.searchAreaCode')}
      popupMatchSelectWidth={260}
      style={{ width: 110 }}
    />
  );
}
