import { useEffect } from 'react';
import { message, notification } from 'antd';
import { attachRenderer } from './toast-bus';

/** Renders queued toasts with antd's hook APIs, so they follow the app's theme and locale. */
export default function AntdToasts() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();

  useEffect(
    () =>
      attachRenderer({
        show: ({ kind, type, content, description, key, duration }) => {
          if (kind === 'message') messageApi.open({ type, content, key, duration });
          else notificationApi.open({ type, message: content, description, key, duration });
        },
        close: (key) => {
          messageApi.destroy(key);
          notificationApi.destroy(key);
        },
      }),
    [messageApi, notificationApi],
  );

  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
