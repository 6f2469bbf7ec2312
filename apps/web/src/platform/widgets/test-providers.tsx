/** Test support: the app's antd context (theme tokens, defaults, App, host) without the rest of the shell. */
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import '../i18n/i18n';
import {
  COMPONENT_DEFAULTS,
  MESSAGE_CONFIG,
  NOTIFICATION_CONFIG,
  withWidgetTokens,
} from './widget-config';
import { WidgetHost } from './widget-host';

export function TestProviders({
  children,
  direction = 'ltr',
}: {
  children: ReactNode;
  direction?: 'ltr' | 'rtl';
}) {
  return (
    <ConfigProvider theme={withWidgetTokens({})} direction={direction} {...COMPONENT_DEFAULTS}>
      <AntdApp message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG}>
        <WidgetHost />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}
