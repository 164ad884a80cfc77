/**
 * Stands in for rc-util's React/render in the client build (vite.config.ts aliases it). antd
 * imports that module only as the default renderer of its static helpers, which
 * @ant-design/v5-patch-for-react-19 (main.tsx) replaces with createRoot at start-up; rc-util's
 * version also supports React 16/17 through regenerator-transpiled async code (~2 KB gzip on the
 * login page). This one is the same thing for React 18+: one root per container.
 */
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

export function render(node: ReactElement, container: Element | DocumentFragment): void {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
}

export async function unmount(container: Element | DocumentFragment): Promise<void> {
  // Like rc-util: unmount after the current render, never inside it.
  await Promise.resolve();
  roots.get(container)?.unmount();
  roots.delete(container);
}
