/**
 * What the widget defaults need mounted once inside the ConfigProvider: the
 * frame antd's App draws (its class carries the text colour, font and
 * direction), the message boxes, and the host of toasts, notifications and
 * confirm dialogs, loaded once the browser is idle after the first paint or
 * at the first call (app-widgets.ts).
 */
import { ConfigProvider } from 'antd';
import useAppStyle from 'antd/es/app/style';
import { lazy, Suspense, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { isAppWidgetsHostWanted, subscribeAppWidgetsHost, wantAppWidgetsHost } from './app-widgets';
import { MessageBoxHost } from './message-box';

const AppWidgetsHost = lazy(() => import('./app-widgets-host'));

/** The longest the host waits for an idle moment. */
const HOST_IDLE_TIMEOUT_MS = 2000;

function useHostAfterFirstPaint(): boolean {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const id = window.setTimeout(wantAppWidgetsHost, 0);
      return () => window.clearTimeout(id);
    }
    const id = window.requestIdleCallback(wantAppWidgetsHost, { timeout: HOST_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }, []);
  return useSyncExternalStore(subscribeAppWidgetsHost, isAppWidgetsHostWanted);
}

export function AppFrame({ children }: { children: ReactNode }) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const hostWanted = useHostAfterFirstPaint();
  const rtl = direction === 'rtl' ? ` ${prefixCls}-rtl` : '';
  return (
    <div className={`${hashId} ${prefixCls} ${cssVarCls}${rtl}`}>
      {hostWanted ? (
        <Suspense fallback={null}>
          <AppWidgetsHost />
        </Suspense>
      ) : null}
      <MessageBoxHost />
      {children}
    </div>
  );
}
