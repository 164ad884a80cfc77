/**
 * A queue of toasts that any code can post to, React or not. The antd renderer (AntdToasts)
 * is loaded only when the first toast is posted, which keeps message and notification out of
 * the login page's JavaScript, and it lives at the app root so a toast survives sign-out.
 */
export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  /** 'message' is a short line at the top; 'notification' a card with a title and description. */
  kind: 'message' | 'notification';
  type: ToastType;
  content: string;
  description?: string;
  key?: string;
  /** Seconds; antd's default when left out. */
  duration?: number;
}

type Renderer = { show: (toast: Toast) => void; close: (key: string) => void };

const pending: Toast[] = [];
let renderer: Renderer | null = null;
let requested = false;
const listeners = new Set<() => void>();

export function showToast(toast: Toast): void {
  if (renderer) {
    renderer.show(toast);
    return;
  }
  pending.push(toast);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

export function closeToast(key: string): void {
  renderer?.close(key);
}

/** Called by the renderer once mounted; it receives the toasts that waited for it. */
export function attachRenderer(next: Renderer): () => void {
  renderer = next;
  for (const toast of pending.splice(0)) next.show(toast);
  return () => {
    if (renderer === next) renderer = null;
  };
}

export function isRendererRequested(): boolean {
  return requested;
}

export function onRendererRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
