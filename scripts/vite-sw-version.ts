import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Stamps the copied public/sw.js with a hash of the build's chunk names, so every deploy ships a
 * byte-different service worker: the browser installs it, it takes over, and the page reloads
 * (product brief section 1). Public files are not part of Rollup's bundle, hence the rewrite on disk.
 */
export function serviceWorkerVersion(): Plugin {
  return {
    name: 'service-worker-version',
    apply: 'build',
    writeBundle(options, bundle) {
      const file = join(options.dir ?? 'dist', 'sw.js');
      if (!existsSync(file)) return;
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) hash.update(name);
      const version = hash.digest('hex').slice(0, 12);
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('__SW_VERSION__', version));
    },
  };
}
