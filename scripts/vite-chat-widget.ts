import { join, resolve } from 'node:path';
import { build as esbuild } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * The live chat's website widget (src/widget/chat-widget.ts) is its own bundle, not part of the
 * app: a business's site loads only it (docs/live-chat.md, "The website widget"). A build writes
 * it to `<outDir>/widget/chat.js`, which the server serves like any other built file
 * (server/http/spa.ts). One IIFE, minified, no framework: the budget is 30 KB gzip.
 */
export function chatWidget(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'chat-widget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await esbuild({
        entryPoints: [join(root, 'src', 'widget', 'chat-widget.ts')],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        legalComments: 'none',
        outfile: join(outDir, 'widget', 'chat.js'),
        logLevel: 'warning',
      });
    },
  };
}
