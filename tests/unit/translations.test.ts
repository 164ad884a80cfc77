import { describe, expect, it } from 'vitest';
import enJson from '../../public/locales/en/translation.json';
import esJson from '../../public/locales/es/translation.json';
import { ROUTE_RULES } from '../../src/domain/access';
import { MESSAGES } from '../../src/domain/messages';
import { ROLE_LABEL_KEYS, ROLES } from '../../src/domain/roles';
import type { SidebarItem } from '../../src/domain/sidebar';
import { links, sidebarFor } from '../../src/custom/layout/sidebar-items';
import { AREA_RULES } from '../../src/custom/route-access';
import { pageTitleKey } from '../../src/custom/routes/page-key';
import { SIDEBAR_ICONS } from '../../src/ui/sidebar-icons';
import { RESOURCES } from '../../src/resources/registry';
import { flatten, stringBundles, type Tree } from './helpers/locales';

/** Messages the brief's error catalogue (section 8) quotes in Spanish: the wire and es keep them verbatim. */
const SPANISH_IN_CATALOGUE = ['credentialsIncorrect'];
/** The central file: page titles, sidebar labels, roles and messages stay there (the shell draws them). */
const flatEn = flatten(enJson as Tree);
const flatEs = flatten(esJson as Tree);

function sidebarKeys(items: SidebarItem[]): string[] {
  return items.flatMap((item) =>
    item.kind === 'link' ? [`sidebar.${item.key}`] : [`sidebar.groups.${item.key}`, ...sidebarKeys(item.children)],
  );
}

// Every pair of string files: the central translation.json and each area's locales/{en,es}.json
// (docs/architecture.md, "An area's strings").
describe.each(stringBundles().map((bundle) => ({ ...bundle, name: bundle.files.en })))(
  'strings of $name (en default, es complete)',
  ({ trees }) => {
    const bundleEn = flatten(trees.en);
    const bundleEs = flatten(trees.es);

    it('has the same keys in en and es (plural forms aside), none empty', () => {
      // Spanish has a plural form English lacks ('many': 1,000,000 …), checked below, and grammatical
      // gender: a resource's noun may be feminine, and the sentences about it agree (resource-labels.test.ts).
      const spanishOnly = (key: string) =>
        key.endsWith('_many') || /_feminine(_one|_other)?$/.test(key) || /^resources\.\w+\.gender$/.test(key);
      const esKeys = Object.keys(bundleEs).filter((key) => !spanishOnly(key));
      expect(esKeys.sort()).toEqual(Object.keys(bundleEn).sort());
      for (const [key, value] of [...Object.entries(bundleEn), ...Object.entries(bundleEs)]) {
        expect(value.trim(), key).not.toBe('');
      }
    });

    it("gives every Spanish plural its 'many' form, which i18next would otherwise show as the bare key", () => {
      expect(new Intl.PluralRules('es').select(1_000_000)).toBe('many');
      for (const key of Object.keys(bundleEs).filter((k) => k.endsWith('_other'))) {
        expect(bundleEs[key.replace(/_other$/, '_many')], key).toBeTruthy();
      }
    });

    it("names the Enter key 'Intro' in Spanish, as the keyboards and every other hint do", () => {
      // The support chat's hints said 'Enter envía, Mayús+Enter…' beside the inbox's 'Intro envía, Mayús+Intro…'.
      for (const [key, text] of Object.entries(bundleEs)) expect(text, key).not.toMatch(/\bEnter\b/);
    });

    it('keeps the same {{placeholders}} in both languages', () => {
      const vars = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).sort();
      for (const key of Object.keys(bundleEn))
        expect(vars(bundleEs[key] ?? ''), key).toEqual(vars(bundleEn[key] ?? ''));
      for (const key of Object.keys(bundleEs).filter((k) => k.endsWith('_many'))) {
        expect(vars(bundleEs[key]!), key).toEqual(vars(bundleEs[key.replace(/_many$/, '_other')] ?? ''));
      }
    });
  },
);

describe('translations (en default, es complete)', () => {
  it('translates every shared message, with the English text verbatim in en', () => {
    for (const [code, text] of Object.entries(MESSAGES)) {
      if (SPANISH_IN_CATALOGUE.includes(code)) continue;
      expect(flatEn[`messages.${code}`], code).toBe(text);
      expect(flatEs[`messages.${code}`], code).toBeTruthy();
    }
  });

  it("keeps the brief's Spanish catalogue texts verbatim in es and shows them in English in en", () => {
    for (const code of SPANISH_IN_CATALOGUE) {
      const text = MESSAGES[code as keyof typeof MESSAGES];
      expect(flatEs[`messages.${code}`], code).toBe(text);
      expect(flatEn[`messages.${code}`], code).not.toBe(text);
    }
    expect(flatEn['messages.credentialsIncorrect']).toBe('Incorrect credentials');
  });

  it('has a page title for every main-layout route', () => {
    for (const rule of [...ROUTE_RULES, ...AREA_RULES]) expect(flatEn[pageTitleKey(rule.path)], rule.path).toBeTruthy();
  });

  it('has a label for every sidebar entry and role, and an icon for every sidebar link', () => {
    for (const role of ROLES) {
      for (const key of sidebarKeys(sidebarFor(role, []))) expect(flatEn[key], key).toBeTruthy();
      expect(flatEn[ROLE_LABEL_KEYS[role]], role).toBeTruthy();
    }
    const icons = (items: SidebarItem[]): string[] =>
      items.flatMap((item) => (item.kind === 'link' ? [item.icon] : icons(item.children)));
    for (const role of ROLES)
      for (const icon of icons(sidebarFor(role, []))) expect(SIDEBAR_ICONS[icon], icon).toBeDefined();
  });

  it('names every sidebar link the way the page it opens is titled, in en and es', () => {
    // A declared resource's list is titled by its plural name; any other page by pages.<route>.
    const titleKey = (path: string) => {
      const resource = RESOURCES.find((r) => `/${r.routes.list}` === path);
      return resource ? `resources.${resource.name}.name` : pageTitleKey(path.slice(1));
    };
    for (const role of ROLES)
      for (const link of links(sidebarFor(role, [])))
        for (const [lang, flat] of [
          ['en', flatEn],
          ['es', flatEs],
        ] as const)
          expect(flat[titleKey(link.path)], `${lang} ${role} ${link.path}`).toBe(flat[`sidebar.${link.key}`]);
  });
});
