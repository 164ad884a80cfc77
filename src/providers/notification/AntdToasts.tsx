import { useEffect } from 'react';
import { message, notification } from 'antd';
import { attachRenderer } from './toast-bus';

const WRAP = { overflowWrap: 'anywhere' } as const;

/** Renders queued toasts with antd's hook APIs, so they follow the app's theme and locale. */
export default function AntdToasts() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();

  useEffect(
    () =>
      attachRenderer({
        show: ({ kind, type, content, description, key, duration }) => {
          // A long word (a file name without spaces) wraps inside the screen instead of running off it.
          if (kind === 'message') messageApi.open({ type, content, key, duration, style: WRAP });
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
