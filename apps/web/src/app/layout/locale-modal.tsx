import { CheckOutlined } from '@ant-design/icons';
import { CURRENCY_OPTIONS, LANGUAGES, type Locale } from '@quay/core';
import { Drawer, Modal, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { joinPath, splitLocale } from '../../platform/locale/locale-path';
import { useSettings } from '../../platform/settings/settings-store';
import { useIsMobile } from '../../ui/use-media';

export type LocaleTab = 'language' | 'currency';

/**
 * One dialog with two tabs, as top exchanges have it: the interface language
 * and the valuation currency. Under 768 px it is a sheet from the bottom.
 */
export function LocaleModal({ onClose, tab }: { onClose: () => void; tab: LocaleTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { pathname, search, hash } = useLocation();
  const language = useSettings((s) => s.language);
  const unit = useSettings((s) => s.unit);
  const setLanguage = useSettings((s) => s.setLanguage);
  const setUnit = useSettings((s) => s.setUnit);

  const chooseLanguage = (locale: Locale) => {
    setLanguage(locale);
    onClose();
    // The same page under the chosen language's prefix, so the link can be shared as it is.
    void navigate(`${joinPath(locale, splitLocale(pathname).rest)}${search}${hash}`);
  };

  const body = (
    <Tabs
      defaultActiveKey={tab}
      items={[
        {
          key: 'language',
          label: <span data-testid="language-tab">{t('header.language')}</span>,
          children: (
            <div className="choice-grid" role="listbox" aria-label={t('header.language')}>
              {LANGUAGES.map((l) => (
                <Choice
                  key={l.locale}
                  testId={`lang-option-${l.locale}`}
                  lang={l.languageKey}
                  active={l.locale === language}
                  onClick={() => chooseLanguage(l.locale)}
                >
                  {l.languageName}
                </Choice>
              ))}
            </div>
          ),
        },
        {
          key: 'currency',
          label: <span data-testid="currency-tab">{t('header.currency')}</span>,
          children: (
            <div className="choice-grid" role="listbox" aria-label={t('header.currency')}>
              {CURRENCY_OPTIONS.map((c) => (
                <Choice
                  key={c.type}
                  testId={`currency-option-${c.type}`}
                  active={c.type === unit}
                  onClick={() => {
                    setUnit(c.type);
                    onClose();
                  }}
                >
                  <span className="currency-symbol">{c.symbol}</span>
                  {c.type}
                </Choice>
              ))}
            </div>
          ),
        },
      ]}
    />
  );

  const title = t('header.languageAndCurrency');
  if (isMobile) {
    return (
      <Drawer
        open
        placement="bottom"
        size="80vh"
        title={title}
        onClose={onClose}
        className="locale-sheet"
        destroyOnHidden
      >
        {body}
      </Drawer>
    );
  }
  return (
    <Modal open onCancel={onClose} footer={null} width={720} title={title} destroyOnHidden>
      {body}
    </Modal>
  );
}

function Choice({
  testId,
  active,
  lang,
  onClick,
  children,
}: {
  testId: string;
  active: boolean;
  lang?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="option"
      aria-selected={active}
      lang={lang}
      data-testid={testId}
      className={active ? 'choice active' : 'choice'}
      onClick={onClick}
    >
      <span className="choice-label">{children}</span>
      {active ? <CheckOutlined /> : null}
    </button>
  );
}
