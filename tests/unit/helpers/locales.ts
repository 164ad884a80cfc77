import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Every string file of the client, both languages (docs/architecture.md, "An area's strings"): the
 * central `public/locales/<lng>/translation.json` and each area's `src/custom/<area>/locales/<lng>.json`.
 */
export type Tree = { [key: string]: string | Tree };

// import.meta.url is no file URL under happy-dom; the module's own directory is.
export const ROOT = resolve(import.meta.dirname, '../../..');
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface StringBundle {
  /** The i18next namespace: 'translation' for the central file, else the area's folder name. */
  namespace: string;
  /** Paths from the repository root, per language. */
  files: Record<Language, string>;
  trees: Record<Language, Tree>;
}

const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Tree;

export function stringBundles(): StringBundle[] {
  const central = { en: 'public/locales/en/translation.json', es: 'public/locales/es/translation.json' };
  const areas = readdirSync(join(ROOT, 'src/custom'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'src/custom', entry.name, 'locales')))
    .map((entry) => entry.name)
    .sort();
  const bundle = (namespace: string, files: Record<Language, string>): StringBundle => ({
    namespace,
    files,
    trees: { en: read(files.en), es: existsSync(join(ROOT, files.es)) ? read(files.es) : {} },
  });
  return [
    bundle('translation', central),
    ...areas.map((area) =>
      bundle(area, { en: `src/custom/${area}/locales/en.json`, es: `src/custom/${area}/locales/es.json` }),
    ),
  ];
}

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
export function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}
