/**
 * antd's message, notification and modal hooks, drawn inside the app's
 * ConfigProvider (theme, direction, locale) as antd's App draws them, with
 * the spec section 9 defaults; loaded after the first paint (app-widgets.ts).
 */
import { ConfigProvider, Modal, message, notification } from 'antd';
import { useContext, useEffect } from 'react';
import { attachAppWidgets } from './app-widgets';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG } from './widget-config';

export default function AppWidgetsHost() {
  const [messageApi, messageHolder] = message.useMessage(MESSAGE_CONFIG);
  const [notificationApi, notificationHolder] = notification.useNotification(NOTIFICATION_CONFIG);
  const [modalApi, modalHolder] = Modal.useModal();
  const notice = `.${useContext(ConfigProvider.ConfigContext).getPrefixCls('notification')}-notice`;

  useEffect(() => {
    attachAppWidgets({ message: messageApi, notification: notificationApi, modal: modalApi });
    return () => attachAppWidgets(null);
  }, [messageApi, notificationApi, modalApi]);

  // Escape closes the open notifications; antd's notifications ignore the keyboard.
  // Only when one is showing, so Escape still reaches a dialog below untouched otherwise.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (!document.querySelector(notice)) return;
      notificationApi.destroy();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [notificationApi, notice]);

  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
