import { CheckOutlined } from '@ant-design/icons';
import { CURRENCY_OPTIONS, LANGUAGES, type Locale } from '@quay/core';
import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { joinPath, readLocalePath } from '../../platform/locale/locale-path';
import { useSettings } from '../../platform/settings/settings-store';

/** One dialog with two tabs, as top exchanges have it: language, and the valuation currency. */
export function LocaleModal({
  open,
  onClose,
  tab,
}: {
  open: boolean;
  onClose: () => void;
  tab: 'language' | 'currency';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const language = useSettings((s) => s.language);
  const unit = useSettings((s) => s.unit);
  const setLanguage = useSettings((s) => s.setLanguage);
  const setUnit = useSettings((s) => s.setUnit);

  const chooseLanguage = (locale: Locale) => {
    const verdict = readLocalePath(pathname);
    const rest = verdict.kind === 'ok' ? verdict.rest : '/';
    setLanguage(locale);
    onClose();
    void navigate(`${joinPath(locale, rest)}${search}`);
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={720}
      title={t('header.languageAndCurrency')}
      destroyOnHidden
    >
      <Tabs
        defaultActiveKey={tab}
        items={[
          {
            key: 'language',
            label: <span data-testid="language-tab">{t('header.language')}</span>,
            children: (
              <div className="choice-grid">
                {LANGUAGES.map((l) => (
                  <button
                    type="button"
                    key={l.locale}
                    lang={l.languageKey}
                    data-testid={`lang-option-${l.locale}`}
                    className={`choice ${l.locale === language ? 'active' : ''}`}
                    onClick={() => chooseLanguage(l.locale)}
                  >
                    <span>{l.languageName}</span>
                    {l.locale === language ? <CheckOutlined /> : null}
                  </button>
                ))}
              </div>
            ),
          },
          {
            key: 'currency',
            label: <span data-testid="currency-tab">{t('header.currency')}</span>,
            children: (
              <div className="choice-grid">
                {CURRENCY_OPTIONS.map((c) => (
                  <button
                    type="button"
                    key={c.type}
                    data-testid={`currency-option-${c.type}`}
                    className={`choice ${c.type === unit ? 'active' : ''}`}
                    onClick={() => {
                      setUnit(c.type);
                      onClose();
                    }}
                  >
                    <span>
                      {c.type} <span className="muted">{c.symbol}</span>
                    </span>
                    {c.type === unit ? <CheckOutlined /> : null}
                  </button>
                ))}
              </div>
            ),
          },
        ]}
      />
    </Modal>
  );
}
