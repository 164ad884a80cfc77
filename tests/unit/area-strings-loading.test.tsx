/**
 * An area's strings load with the area (docs/architecture.md, "An area's strings"): the router
 * wraps an area's page with withAreaStrings, which starts the namespace's fetch and the page's lazy
 * import together and shows the page only when both are in, never with raw keys; a language switch
 * loads the area's strings in the new language before it switches. Runs on the app's own i18next
 * (initI18n, its fetch backend), so it runs isolated (vitest.config.ts, unit-isolated).
 */
import { act, render, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { lazy, startTransition, Suspense, useLayoutEffect, type ComponentType, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AREA_NAMESPACES } from 'virtual:area-locales';
import { withAreaStrings } from '../../src/custom/area-strings';
import { changeLanguage, i18n, initI18n } from '../../src/providers/i18n/i18n';

/** An area that has strings of its own; the test answers its file, whatever the area keeps there. */
const AREA = AREA_NAMESPACES[0]!;
const KEY = `probe.${AREA}`;
const TEXT = { en: 'The area speaks English', es: 'El área habla español' };

/** Answers of the locales fetches, held until the test lets each one through. */
const held = new Map<string, () => void>();
const requested: string[] = [];
function answer(url: string, body: unknown) {
  return new Promise<Response>((resolve) => {
    held.set(url, () => resolve(new Response(JSON.stringify(body), { status: 200 })));
  });
}
/** An area whose first request is lost on the way (the connection dropped), then answered. */
const FLAKY = AREA_NAMESPACES[1]!;
/** An area whose file the server says is not there (404). */
const MISSING = AREA_NAMESPACES[2]!;
/** An area whose strings arrive while React is drawing its page (the page's chunk already here). */
const RACING = AREA_NAMESPACES[3]!;
const fetchStub = vi.fn((url: string) => {
  requested.push(url);
  const [, language, namespace] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(url) ?? [];
  if (namespace === 'translation') return Promise.resolve(new Response('{"hello":"Hello"}', { status: 200 }));
  if (namespace === AREA) return answer(url, { probe: { [AREA]: TEXT[language as 'en' | 'es'] } });
  if (namespace === RACING && language === 'en')
    // Answered in microtasks only (no stream to read), as a cached file is in the browser.
    return new Promise<Response>((resolve) => {
      const body = { probe: { racing: 'Drawn with its strings' } };
      held.set(url, () => resolve({ ok: true, status: 200, json: () => Promise.resolve(body) } as Response));
    });
  if (namespace === FLAKY) {
    if (requested.filter((u) => u === url).length === 1) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response(JSON.stringify({ probe: { flaky: 'Here after all' } }), { status: 200 }));
  }
  return Promise.resolve(new Response('{}', { status: 404 }));
});
/** Lets the held file through and waits, inside act, until i18next has it (so React's retry runs). */
const release = async (url: string) => {
  await vi.waitFor(() => expect(held.has(url), url).toBe(true));
  await act(async () => {
    held.get(url)!();
    await i18n.loadNamespaces(AREA);
  });
};

/** A lazy page whose chunk arrives when the test says so. */
function heldPage() {
  let arrive!: () => void;
  const imported = vi.fn(
    () =>
      new Promise<{ default: ComponentType }>((resolve) => {
        arrive = () => resolve({ default: AreaPage });
      }),
  );
  return { Page: lazy(imported), imported, arrive: () => act(async () => arrive()) };
}

/**
 * Drawn inside an awaited act: a component suspended by `use` inside a sync act (RTL's render) is
 * never retried in a test ("A component suspended inside an `act` scope, but the `act` call was not
 * awaited"); the app itself has no act.
 */
async function drawn(element: ReactElement) {
  await act(async () => {
    render(<Suspense fallback={<p>loading</p>}>{element}</Suspense>);
  });
}

function AreaPage() {
  const { t } = useTranslation(); // the default namespace, as every area page asks
  return <p>{t(KEY)}</p>;
}

beforeAll(async () => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchStub);
  await initI18n();
});
// The same stub for every test of the story (tests/unit/fresh-after-each.ts takes stubs away after each).
beforeEach(() => void vi.stubGlobal('fetch', fetchStub));
afterAll(() => vi.unstubAllGlobals());

// One page's story, in order: the later tests read the strings the first loaded, in English, and the
// last switches the language to Spanish for good (a shuffled run put it before the English check).
describe('withAreaStrings', { shuffle: false }, () => {
  it('starts the strings and the page together, and draws the page only when both are in', async () => {
    const { Page, imported, arrive } = heldPage();
    const Wrapped = withAreaStrings(AREA, Page);
    await drawn(<Wrapped />);
    // Both on their way at once, before either has arrived: the page's chunk and the area's strings.
    await vi.waitFor(() => expect(requested).toContain(`/locales/en/${AREA}.json`));
    expect(imported).toHaveBeenCalled();

    await arrive(); // the code first: still the loading state, never the raw key
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.queryByText(KEY)).toBeNull();

    await release(`/locales/en/${AREA}.json`);
    expect(await screen.findByText(TEXT.en)).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it("asks again for an area's strings whose request was lost, so the page never keeps its raw keys", async () => {
    function FlakyPage() {
      const { t } = useTranslation();
      return <p>{t('probe.flaky')}</p>;
    }
    const Wrapped = withAreaStrings(FLAKY, FlakyPage);
    await drawn(<Wrapped />);
    expect(await screen.findByText('Here after all')).toBeTruthy();
    expect(requested.filter((u) => u === `/locales/en/${FLAKY}.json`)).toHaveLength(2);
    expect(screen.queryByText('probe.flaky')).toBeNull();
  });

  it('never shows the keys a page was drawn with when its strings land during that same render', async () => {
    // What the browser did now and then (the profile's Security tab after /verify, its tab names
    // as keys): the page's chunk was in, so React drew the page (every t() a raw key), then the
    // gate waited on the strings; they landed before React gave up on that render, so React
    // replayed only the gate and showed the page drawn without them, until something redrew it.
    const url = `/locales/en/${RACING}.json`;
    const shown: string[] = [];
    function RacingPage() {
      const { t } = useTranslation();
      const text = t('probe.racing');
      // The strings arrive now, between this page's render and the gate's.
      if (text === 'probe.racing') held.get(url)?.();
      useLayoutEffect(() => {
        shown.push(text);
      });
      return <p>{text}</p>;
    }
    const Wrapped = withAreaStrings(RACING, RacingPage);
    // As the app renders, outside act: act's queue would unwind that render before the strings
    // could land, so the replay this is about would never happen.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      // A render React may pause (a transition), as its retry once the page's code is in is.
      startTransition(() =>
        root.render(
          <Suspense fallback={<p>loading</p>}>
            <Wrapped />
          </Suspense>,
        ),
      );
      await vi.waitFor(() => expect(container.textContent).not.toBe(''));
      held.get(url)!(); // the strings arrive now if the page was not drawn without them
      await vi.waitFor(() => expect(shown).not.toEqual([]));
      expect(container.textContent).toBe('Drawn with its strings');
    } finally {
      root.unmount();
      container.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    expect(shown).toEqual(['Drawn with its strings']);
  });

  it('does not ask again for a file the server says is not there (404)', async () => {
    await i18n.loadNamespaces(MISSING);
    expect(requested.filter((u) => u === `/locales/en/${MISSING}.json`)).toHaveLength(1);
  });

  it("resolves the area's keys with the default namespace once loaded (fallbackNS lists the areas)", () => {
    expect(i18n.options.fallbackNS).toEqual(AREA_NAMESPACES);
    expect(i18n.t(KEY)).toBe(TEXT.en);
  });

  it("loads the area's strings in the new language before switching to it", async () => {
    const { Page, arrive } = heldPage();
    const Wrapped = withAreaStrings(AREA, Page);
    await drawn(<Wrapped />);
    await arrive(); // the strings are loaded already: the page shows at once
    expect(await screen.findByText(TEXT.en)).toBeTruthy();

    let switched = false;
    const switching = changeLanguage('es').then(() => (switched = true));
    await vi.waitFor(() => expect(held.has(`/locales/es/${AREA}.json`)).toBe(true));
    // Until the area's Spanish strings are in, the page stays in English (no raw key, no blank).
    expect(switched).toBe(false);
    expect(i18n.language).toBe('en');
    expect(screen.getByText(TEXT.en)).toBeTruthy();

    await release(`/locales/es/${AREA}.json`);
    await act(async () => switching);
    expect(await screen.findByText(TEXT.es)).toBeTruthy();
  });
});
