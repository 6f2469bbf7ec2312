/**
 * What the widget defaults need mounted once inside the ConfigProvider: the
 * frame antd's App draws (its class carries the text colour, font and
 * direction), the message boxes, and the host of toasts, notifications and
 * confirm dialogs, loaded at the user's first interaction with the page (a
 * toast mostly answers one) or at the first call before that
 * (app-widgets.ts), so that it never competes with the screen's first load.
 */
import { ConfigProvider } from 'antd';
import useAppStyle from 'antd/es/app/style';
import { lazy, Suspense, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { isAppWidgetsHostWanted, subscribeAppWidgetsHost, wantAppWidgetsHost } from './app-widgets';
import { MessageBoxHost } from './message-box';

const AppWidgetsHost = lazy(() => import('./app-widgets-host'));

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'focusin'] as const;

function useHostAtFirstInteraction(): boolean {
  useEffect(() => {
    const want = () => wantAppWidgetsHost();
    for (const type of FIRST_INTERACTION)
      document.addEventListener(type, want, { capture: true, once: true });
    return () => {
      for (const type of FIRST_INTERACTION)
        document.removeEventListener(type, want, { capture: true });
    };
  }, []);
  return useSyncExternalStore(subscribeAppWidgetsHost, isAppWidgetsHostWanted);
}

export function AppFrame({ children }: { children: ReactNode }) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const hostWanted = useHostAtFirstInteraction();
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
