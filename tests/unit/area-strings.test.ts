// @vitest-environment node
/**
 * An area's strings live with the area (docs/architecture.md, "An area's strings"): each area's own
 * keys are in `src/custom/<area>/locales/{en,es}.json`, a namespace loaded with the area's pages;
 * keys that shared code or several areas use stay in the central translation.json, which is always
 * loaded. These checks keep a key from being used where its namespace may not be loaded yet, which
 * would show the raw key. The parity of en and es in every pair of files is in translations.test.ts.
 *
 * A key counts as used where it is written as a literal: `t('seating.title')`, `i18nKey`, a label
 * key in a declaration, or the fixed head of a template, t(`door.states.${state}`). A key built
 * wholly at run time (t(`${prefix}.title`)) is not seen: keep such keys inside one area's files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten, ROOT, stringBundles } from './helpers/locales';

const bundles = stringBundles();
const CENTRAL = 'translation';
const keysOf = Object.fromEntries(bundles.map((b) => [b.namespace, Object.keys(flatten(b.trees.en))]));
const topKeys = new Set(bundles.flatMap((b) => Object.keys(b.trees.en)));

/** The areas of src/custom/areas.ts by folder, with their manifest's name. */
const areasList = readFileSync(join(ROOT, 'src/custom/areas.ts'), 'utf8');
const AREA_FOLDERS = [...areasList.matchAll(/from '\.\/([\w-]+)\/manifest'/g)].map((m) => m[1]!);
const manifestName = (folder: string) =>
  /name: '([^']+)'/.exec(readFileSync(join(ROOT, 'src/custom', folder, 'manifest.ts'), 'utf8'))?.[1];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
const FILES = sourceFiles(join(ROOT, 'src'));
const TEXT = new Map(FILES.map((file) => [file, readFileSync(file, 'utf8')]));

/**
 * What an area's face (index.ts) hands to others, and every file of the area it reaches: drawn on
 * other areas' screens, where the area's namespace may not be loaded, so it uses central keys.
 */
function faceFiles(folder: string): Set<string> {
  const areaDir = join(ROOT, 'src/custom', folder);
  const seen = new Set<string>();
  const stack = [join(areaDir, 'index.ts')].filter((file) => existsSync(file));
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec] of TEXT.get(file)!.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
      const base = resolve(dirname(file), spec!);
      const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => TEXT.has(c));
      if (target?.startsWith(`${areaDir}/`)) stack.push(target);
    }
  }
  return seen;
}
const FACES = new Set(AREA_FOLDERS.flatMap((folder) => [...faceFiles(folder)]));

/**
 * The area whose own strings a file may use: its area's folder, unless the file is read by the shell
 * (the manifest: sidebar, routes) or handed out by the face.
 */
function areaOf(file: string): string | null {
  const [top, folder, area, ...rest] = relative(ROOT, file).split('/');
  if (top !== 'src' || folder !== 'custom' || !area || !rest.length || !AREA_FOLDERS.includes(area)) return null;
  return rest.join('/') === 'manifest.ts' || FACES.has(file) ? null : area;
}

/** Namespaces the file asks for itself: useTranslation('legal'), useTranslation(['translation', 'seating']). */
function askedNamespaces(text: string): string[] {
  return [...text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)].flatMap(([, arg]) =>
    [...arg!.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!),
  );
}

interface KeyUse {
  key: string;
  /** The fixed head of a template or a literal ending in '.': any key under it. */
  prefix: boolean;
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Literals that look like keys but are the tail of one, joined to a head at run time. */
const KEY_TAILS = new Set([
  'table.empty', // resourceEngine.table.empty, by countSentence (src/resources/engine/labels.ts)
]);

/** Literals that look like keys but name no string: an email template kind's merge variables (src/domain/email-templates/kinds.ts). */
const MERGE_VARIABLES = new Set(['member.name', 'venue.name']);

/** Literals that name a key of some string file (their first part is a top-level key of one). */
function keyUses(text: string): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const m of withoutComments(text).matchAll(
    /'([A-Za-z][\w.-]*)'|"([A-Za-z][\w.-]*)"|`([A-Za-z][\w.-]*)(\$\{|`)/g,
  )) {
    const literal = m[1] ?? m[2] ?? m[3]!;
    const prefix = m[4] === '${' || literal.endsWith('.');
    if (
      !literal.includes('.') ||
      !topKeys.has(literal.split('.')[0]!) ||
      KEY_TAILS.has(literal) ||
      MERGE_VARIABLES.has(literal)
    )
      continue;
    uses.push({ key: literal, prefix });
  }
  return uses;
}

/** Whether a bundle answers the use: the key (or its plural/context forms), a subtree, or a key under the head. */
function answers(namespace: string, use: KeyUse): boolean {
  const keys = keysOf[namespace] ?? [];
  return use.prefix
    ? keys.some((k) => k.startsWith(use.key))
    : keys.some((k) => k === use.key || k.startsWith(`${use.key}.`) || k.startsWith(`${use.key}_`));
}

/** Every use of a key in the app that no namespace the file may count on answers. */
function misplacedKeys(): string[] {
  const problems: string[] = [];
  for (const file of FILES) {
    const text = TEXT.get(file)!;
    const area = areaOf(file);
    const allowed = [CENTRAL, ...(area ? [area] : []), ...askedNamespaces(text)];
    for (const use of keyUses(text)) {
      if (allowed.some((ns) => answers(ns, use))) continue;
      const owners = bundles.filter((b) => answers(b.namespace, use)).map((b) => b.namespace);
      problems.push(
        `${relative(ROOT, file)}: '${use.key}' ${owners.length ? `is in ${owners.join(', ')}` : 'is in no string file'}, ` +
          `while the file may count on ${allowed.join(', ')}`,
      );
    }
  }
  return problems;
}

describe("an area's strings", () => {
  it('come in a folder of an area of areas.ts, whose manifest is named as the folder (the namespace)', () => {
    for (const bundle of bundles.filter((b) => b.namespace !== CENTRAL)) {
      expect(AREA_FOLDERS, bundle.namespace).toContain(bundle.namespace);
      expect(manifestName(bundle.namespace), bundle.namespace).toBe(bundle.namespace);
    }
  });

  it("are used only where their namespace is loaded: an area's files use the central keys and their own, other files the central ones", () => {
    expect(misplacedKeys()).toEqual([]);
  });

  it('define each key once, centrally or in one area (and never a key where another file has a branch)', () => {
    const leafOwner = new Map<string, string>();
    const branchOwners = new Map<string, Set<string>>();
    const clashes: string[] = [];
    for (const { namespace } of bundles)
      for (const key of keysOf[namespace]!) {
        const other = leafOwner.get(key);
        if (other) clashes.push(`${key}: ${other} and ${namespace}`);
        leafOwner.set(key, namespace);
        const parts = key.split('.');
        for (let i = 1; i < parts.length; i++) {
          const branch = parts.slice(0, i).join('.');
          branchOwners.set(branch, (branchOwners.get(branch) ?? new Set()).add(namespace));
        }
      }
    for (const [key, namespace] of leafOwner)
      for (const other of branchOwners.get(key) ?? [])
        if (other !== namespace) clashes.push(`${key}: a key in ${namespace}, a branch in ${other}`);
    expect(clashes).toEqual([]);
  });
});
