import { lazy, Suspense } from 'react';
import type { AlertProps } from 'antd';
import type AlertType from 'antd/es/alert';

type AlertComponent = typeof AlertType;

let loaded: AlertComponent | null = null;
const loadAlert = () =>
  import('antd/es/alert').then((module) => {
    loaded = module.default;
    return module;
  });
const LazyAlert = lazy(loadAlert);

/** Starts loading the alert before it is needed (the forms call it when the user focuses them). */
export const prefetchFormAlert = (): void => void loadAlert().catch(() => undefined);

/**
 * antd's Alert for a form's outcome, loaded on demand: a fresh login page shows none, and it
 * keeps ~4 KB gzip off that page. Until it loads (or if it cannot, offline), the text shows plain.
 */
export function FormAlert({ style, ...props }: AlertProps) {
  // Once prefetched, render it directly: lazy() would still suspend for one frame.
  if (loaded) {
    const Alert = loaded;
    return <Alert showIcon style={style} {...props} />;
  }
  return (
    <Suspense
      fallback={
        <div role="alert" style={{ ...style, padding: '8px 12px' }}>
          {props.message}
        </div>
      }
    >
      <LazyAlert showIcon style={style} {...props} />
    </Suspense>
  );
}
