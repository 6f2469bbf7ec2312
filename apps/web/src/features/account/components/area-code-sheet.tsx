import { DownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
// Deep imports: the package root pulls every component and its styles into the bundle.
import 'antd-mobile/es/global';
import CheckList from 'antd-mobile/es/components/check-list';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './area-code-sheet.css';
import { CallingCode } from './calling-code';

export interface AreaCodeOption {
  /** Region and code, unique even where regions share a code (+1). */
  value: string;
  code: string;
  /** The region's name in the interface language. */
  name: string;
  /** What the search field matches: code and name. */
  search: string;
  label: ReactNode;
}

/**
 * The area-code select under 768 px: a bottom sheet with a search field and
 * a list, as spec section 2 turns selects into action sheets on narrow screens.
 */
export function AreaCodeSheet({
  options,
  value,
  onChange,
  testId,
}: {
  options: readonly AreaCodeOption[];
  value?: string;
  onChange?: (code: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().replace(/^\+/, '').toLowerCase();
    return q ? options.filter((o) => o.search.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const selected = options.find((o) => o.code === value)?.value;
  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <>
      <Button
        data-testid={testId}
        className="area-code-trigger"
        aria-haspopup="dialog"
        aria-label={t('auth.areaCode')}
        onClick={() => setOpen(true)}
      >
        <CallingCode code={value ?? ''} />
        <DownOutlined />
      </Button>
      <Popup
        visible={open}
        onMaskClick={close}
        onClose={close}
        showCloseButton
        destroyOnClose
        bodyClassName="area-code-sheet"
      >
        <div className="area-code-sheet-head" role="heading" aria-level={2}>
          {t('auth.areaCode')}
        </div>
        <SearchBar
          className="area-code-sheet-search"
          placeholder={t('auth.searchAreaCode')}
          value={query}
          onChange={setQuery}
        />
        <div className="area-code-sheet-list">
          {shown.length > 0 ? (
            <CheckList
              value={selected ? [selected] : []}
              onChange={(picked) => {
                const option = options.find((o) => o.value === picked[0]);
                if (option) onChange?.(option.code);
                close();
              }}
            >
              {shown.map((o) => (
                <CheckList.Item key={o.value} value={o.value}>
                  {o.label}
                </CheckList.Item>
              ))}
            </CheckList>
          ) : (
            <p className="area-code-sheet-empty">{t('common.empty')}</p>
          )}
        </div>
      </Popup>
    </>
  );
}
