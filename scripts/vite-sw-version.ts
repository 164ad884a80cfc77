import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Stamps public/sw.js with a hash of the build's chunks, so every deploy ships a byte-different
 * service worker: the browser installs it, it takes over, and the page reloads (spec section 1).
 */
export function serviceWorkerVersion(): Plugin {
  return {
    name: 'service-worker-version',
    apply: 'build',
    generateBundle(_options, bundle) {
      const sw = bundle['sw.js'];
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) if (name !== 'sw.js') hash.update(name);
      const version = hash.digest('hex').slice(0, 12);
      if (sw && sw.type === 'asset') {
        sw.source = String(sw.source).replace('__SW_VERSION__', version);
      }
    },
  };
}
