/** What the widget defaults need mounted once inside antd's App. */
import { App, ConfigProvider } from 'antd';
import { useContext, useEffect } from 'react';
import { MessageBoxHost } from './message-box';

/**
 * Escape closes the open notifications; antd's notifications ignore the
 * keyboard. Only when one is showing, so Escape still reaches a dialog
 * below untouched otherwise.
 */
function NotificationEscape() {
  const { notification } = App.useApp();
  const notice = `.${useContext(ConfigProvider.ConfigContext).getPrefixCls('notification')}-notice`;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (!document.querySelector(notice)) return;
      notification.destroy();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [notification, notice]);
  return null;
}

export function WidgetHost() {
  return (
    <>
      <NotificationEscape />
      <MessageBoxHost />
    </>
  );
}
