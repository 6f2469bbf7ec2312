import { languageOf } from '@quay/core';
import { Button, Select, type RefSelectProps } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../platform/settings/settings-store';
import { useIsMobile } from '../../../ui/use-media';
import { AREA_CODES, regionName } from '../utils/area-codes';
import { CallingCode } from './calling-code';

function AreaCodeLabel({ code, name }: { code: string; name: string }) {
  return (
    <span className="area-code-label">
      <CallingCode code={code} /> <span>{name}</span>
    </span>
  );
}

// The narrow-screen sheet and its widget library load only where they are used.
const AreaCodeSheet = lazy(() =>
  import('./area-code-sheet').then((m) => ({ default: m.AreaCodeSheet })),
);

/** The calling code of a mobile number: searchable by code or by country name in the page language. */
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
  const isMobile = useIsMobile();
  const ref = useRef<RefSelectProps>(null);
  const options = useMemo(() => {
    const key = languageOf(language).languageKey;
    return AREA_CODES.map(({ region, code }) => {
      const name = regionName(region, key);
      return {
        value: `${region}:${code}`,
        code,
        name,
        search: `+${code} ${name}`,
        label: <AreaCodeLabel code={code} name={name} />,
      };
    });
  }, [language]);
  const selected = options.find((o) => o.code === value)?.value;

  // antd puts data-* on the select's wrapper; the test id belongs on the real search input.
  useEffect(() => {
    ref.current?.nativeElement.querySelector('input')?.setAttribute('data-testid', testId);
  }, [testId, isMobile]);

  if (isMobile) {
    return (
      <Suspense
        fallback={
          <Button className="area-code-trigger" disabled>
            <CallingCode code={value ?? ''} />
          </Button>
        }
      >
        <AreaCodeSheet options={options} value={value} onChange={onChange} testId={testId} />
      </Suspense>
    );
  }
  return (
    <Select
      ref={ref}
      aria-label={t('auth.areaCode')}
      showSearch={{ optionFilterProp: 'search' }}
      value={selected}
      onChange={(v: string) => onChange?.(v.split(':')[1] ?? '')}
      options={options}
      labelRender={() => <CallingCode code={value ?? ''} />}
      placeholder={t('auth.searchAreaCode')}
      popupMatchSelectWidth={260}
      className="area-code-select"
    />
  );
}
