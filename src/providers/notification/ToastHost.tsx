import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isRendererRequested, onRendererRequested } from './toast-bus';

const AntdToasts = lazy(() => import('./AntdToasts'));

/** Mount once inside the antd ConfigProvider; it loads the renderer when the first toast comes. */
export function ToastHost() {
  const requested = useSyncExternalStore(onRendererRequested, isRendererRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AntdToasts />
    </Suspense>
  );
}
