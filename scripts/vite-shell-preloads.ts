import type { Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';

/**
 * Shorter preload lists for lazy screens. For every dynamic import Vite writes the list of
 * chunks to fetch alongside it (`__vite__mapDeps`), and the lists of the ~100 lazy screens in the
 * area manifests cost every signed-in first load ~10 KB gzip (areas 6.9, LoggedInApp 3.2,
 * measured with the lists stripped). A screen opens only after the signed-in shell
 * (the LoggedInApp chunk and everything it imports statically) has loaded, so the shell's chunks
 * are dropped from the lists of imports written in the shell: they are in the browser already;
 * the entry's chunks are dropped from every list. The lists are
 * hints only; a chunk left off is still fetched through its static import, never missed.
 */
const SHELL_CHUNK = 'LoggedInApp';

function staticClosure(bundle: OutputBundle, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') {
      stack.push(...chunk.imports);
      for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
    }
  }
  return seen;
}

type ResolveDependencies = (
  url: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];

export function shellPreloads(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  /** What the entry loads (always in the browser) and what the signed-in shell loads besides. */
  let entry = new Set<string>();
  let shell = new Set<string>();
  return {
    plugin: {
      name: 'shell-preloads',
      apply: 'build',
      generateBundle: {
        // Before Vite writes the preload lists (its own generateBundle), which consult these sets.
        order: 'pre',
        handler(_options, bundle) {
          const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
          entry = staticClosure(
            bundle,
            chunks.filter((c) => c.isEntry).map((c) => c.fileName),
          );
          const shellChunk = chunks.find((c) => c.name === SHELL_CHUNK);
          shell = shellChunk ? staticClosure(bundle, [shellChunk.fileName]) : new Set();
        },
      },
    },
    resolveDependencies(_url, deps, { hostId, hostType }) {
      if (hostType !== 'js') return deps;
      // An import written in the shell's own chunks runs with the shell loaded; any other (the
      // logged-out pages' lazy parts, the shell's own import) only with the entry loaded.
      const inBrowser = (dep: string) => entry.has(dep) || (shell.has(hostId) && shell.has(dep));
      return deps.filter((dep) => !inBrowser(dep));
    },
  };
}
