import { languageOf } from '@quay/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../platform/i18n/i18n';
import { loadWidgetLocale } from '../platform/i18n/widget-locales';
import { isRtl } from '../platform/locale/direction';
import { useSettings } from '../platform/settings/settings-store';
import { withDerivedTokens } from '../platform/theme/derived-tokens';
import { antdThemeFor, applyDocumentTheme } from '../platform/theme/theme';
import { COMPONENT_DEFAULTS, withWidgetTokens } from '../platform/widgets/widget-config';
import { AppFrame } from '../platform/widgets/widget-host';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/** Theme, direction, widget locale and the spec section 9 widget defaults, for every screen. */
function WidgetConfig({ children }: { children: ReactNode }) {
  const theme = useSettings((s) => s.theme);
  const language = useSettings((s) => s.language);
  const [antdLocale, setAntdLocale] = useState<AntdLocale>(enUS);

  useEffect(() => applyDocumentTheme(theme), [theme]);
  useEffect(() => {
    let live = true;
    void loadWidgetLocale(languageOf(language).catalogue).then((l) => live && setAntdLocale(l));
    return () => {
      live = false;
    };
  }, [language]);

  return (
    <ConfigProvider
      theme={withDerivedTokens(withWidgetTokens(antdThemeFor(theme)))}
      direction={isRtl(language) ? 'rtl' : 'ltr'}
      locale={antdLocale}
      {...COMPONENT_DEFAULTS}
    >
      <AppFrame>{children}</AppFrame>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <WidgetConfig>{children}</WidgetConfig>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
