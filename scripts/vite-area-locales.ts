import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * An area's strings live with the area (docs/architecture.md, "An area's strings"):
 * `src/custom/<area>/locales/<lng>.json`, one i18next namespace per area, named as the area's
 * folder. They are served as static JSON at `/locales/<lng>/<area>.json`, beside the central
 * `public/locales/<lng>/translation.json`, never bundled as script: in dev this answers them from
 * the area's folder, and a build writes them to `dist/locales/<lng>/<area>.json`, which the
 * server serves like any other built file (server/http/spa.ts). `virtual:area-locales` gives the
 * client the list of namespaces (src/custom/area-strings.tsx).
 */

export const LANGUAGES = ['en', 'es'] as const;
const VIRTUAL = 'virtual:area-locales';
const RESOLVED = `\0${VIRTUAL}`;
const URL_PATTERN = /^\/locales\/([a-z]{2})\/([\w-]+)\.json$/;

/** The areas that have a bundle, by folder name, sorted: `src/custom/<area>/locales/en.json`. */
export function areaNamespaces(root: string): string[] {
  const custom = join(root, 'src', 'custom');
  return readdirSync(custom, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(custom, entry.name, 'locales', 'en.json')))
    .map((entry) => entry.name)
    .sort();
}

export const areaBundlePath = (root: string, area: string, language: string) =>
  join(root, 'src', 'custom', area, 'locales', `${language}.json`);

/** A bundle as served: parsed (a syntax error fails the build, not the browser) and compact. */
const readBundle = (file: string) => JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));

export function areaLocales(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'area-locales',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      return `export const AREA_NAMESPACES = ${JSON.stringify(areaNamespaces(root))};\n`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        const match = path.startsWith(base) ? URL_PATTERN.exec(`/${path.slice(base.length)}`) : null;
        const file =
          match && areaNamespaces(root).includes(match[2]!) ? areaBundlePath(root, match[2]!, match[1]!) : null;
        if (!file || !existsSync(file)) return next();
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-cache');
        res.end(readBundle(file));
      });
      // A bundle is no module of the graph: reload the page when one changes, and give the client
      // a new list when an area gains or loses one.
      const onChange = (file: string) => {
        const parts = relative(root, file).split(sep);
        if (parts[0] !== 'src' || parts[1] !== 'custom' || parts[3] !== 'locales' || !file.endsWith('.json')) return;
        const virtual = server.moduleGraph.getModuleById(RESOLVED);
        if (virtual) server.moduleGraph.invalidateModule(virtual);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange);
    },
    generateBundle() {
      for (const area of areaNamespaces(root))
        for (const language of LANGUAGES)
          this.emitFile({
            type: 'asset',
            fileName: `locales/${language}/${area}.json`,
            source: readBundle(areaBundlePath(root, area, language)),
          });
    },
  };
}
