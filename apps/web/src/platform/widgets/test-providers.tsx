/** Test support: the app's antd context (theme tokens, defaults, frame, hosts) without the rest of the shell. */
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import '../i18n/i18n';
import { COMPONENT_DEFAULTS, withWidgetTokens } from './widget-config';
import { AppFrame } from './widget-host';

export function TestProviders({
  children,
  direction = 'ltr',
}: {
  children: ReactNode;
  direction?: 'ltr' | 'rtl';
}) {
  return (
    <ConfigProvider theme={withWidgetTokens({})} direction={direction} {...COMPONENT_DEFAULTS}>
      <AppFrame>{children}</AppFrame>
    </ConfigProvider>
  );
}
