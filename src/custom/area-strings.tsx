/**
 * An area's strings load with the area (docs/architecture.md, "An area's strings"). Each area
 * that has `src/custom/<area>/locales/{en,es}.json` is an i18next namespace named as the area,
 * fetched as static JSON (`/locales/<lng>/<area>.json`, scripts/vite-area-locales.ts) the first
 * time one of its pages, public pages or header widgets is drawn; the router wraps those with
 * `withAreaStrings` (built-pages.ts, areas.ts).
 */
import { use, type ComponentType } from 'react';
import { AREA_NAMESPACES } from 'virtual:area-locales';
import { i18n } from '../providers/i18n/i18n';

const HAS_BUNDLE: ReadonlySet<string> = new Set(AREA_NAMESPACES);

// An area keeps its key paths (`seating.title` in the `seating` namespace), so `t('seating.title')`
// with the default namespace finds it once the namespace is loaded: lookups fall back to the area
// namespaces. Set here rather than in initI18n: only code that draws an area needs the list, and
// on the login page it cost 0.13 KB gzip of script. i18next reads `fallbackNS` from these options
// at every lookup (tests/unit/area-strings-loading.test.tsx proves it).
i18n.options.fallbackNS = AREA_NAMESPACES;

/** One load per area and language; the same promise while it is on its way, for `use`. */
const loading = new Map<string, Promise<unknown>>();

/** The area's strings still to come for the current language, or null when they are here. */
function pendingStrings(area: string): Promise<unknown> | null {
  if (!HAS_BUNDLE.has(area) || i18n.hasLoadedNamespace(area)) return null;
  const key = `${i18n.language}|${area}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = i18n.loadNamespaces(area);
    loading.set(key, promise);
  }
  return promise;
}

function WaitForStrings({ until }: { until: Promise<unknown> }) {
  use(until);
  return null;
}

/**
 * The area's page (or widget) once both its lazy code and its strings are here, never with raw
 * keys. The strings' fetch starts as this renders; the gate comes before the page, so the page is
 * drawn only after the gate lets it through, in the same pass. While the gate waits, React draws
 * the page aside, uncommitted, to warm what it suspends on (React 19's sibling prerendering), so
 * the page's import starts at once too. The gate once stood after the page: a page whose code was
 * in was drawn with raw keys, the gate then waited, and when the strings landed before React gave
 * up on that render it replayed the gate alone and showed the page as drawn, keys and all (the
 * profile's Security tab after /verify, now and then in the browser tests;
 * tests/unit/area-strings-loading.test.tsx). A switch of language loads every namespace already
 * loaded before it switches (changeLanguage in src/providers/i18n/i18n.ts), so a drawn area never
 * waits again.
 */
export function withAreaStrings(area: string, Page: ComponentType): ComponentType {
  if (!HAS_BUNDLE.has(area)) return Page;
  function AreaStrings() {
    const strings = pendingStrings(area);
    return (
      <>
        {strings && <WaitForStrings until={strings} />}
        <Page />
      </>
    );
  }
  AreaStrings.displayName = `AreaStrings(${area})`;
  return AreaStrings;
}
