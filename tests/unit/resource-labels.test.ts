import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { COUNT_SENTENCES, countSentence, recordSentence, singularLabel } from '../../src/resources/engine/labels';
import { RESOURCES, resourceNamed } from '../../src/resources/registry';

const named = (name: string) => resourceNamed(name)!;
const tFor: Record<'en' | 'es', TFunction> = {} as never;

beforeAll(async () => {
  for (const lng of ['en', 'es'] as const) {
    const i18n = createInstance();
    await i18n.init({
      lng,
      resources: { en: { translation: en }, es: { translation: es } },
      interpolation: { escapeValue: false },
    });
    tFor[lng] = i18n.t;
  }
});

describe("the engine's sentences come from each resource's singular label", () => {
  it('read like a person wrote them in English', () => {
    const t = tFor.en;
    expect(recordSentence(t, named('contacts'), 'createTitle')).toBe('New contact');
    expect(recordSentence(t, named('contacts'), 'saved')).toBe('Contact saved');
    expect(recordSentence(t, named('users'), 'created')).toBe('User created');
    expect(recordSentence(t, named('emailEvents'), 'createTitle')).toBe('New email event');
  });

  it('agree with the noun in Spanish', () => {
    const t = tFor.es;
    expect(recordSentence(t, named('contacts'), 'createTitle')).toBe('Nuevo contacto');
    expect(recordSentence(t, named('contacts'), 'saved')).toBe('Contacto guardado');
    expect(recordSentence(t, named('tasks'), 'createTitle')).toBe('Nueva tarea');
    expect(recordSentence(t, named('companies'), 'created')).toBe('Empresa creada');
    expect(recordSentence(t, named('users'), 'created')).toBe('Usuario creado');
  });

  it('never fall back to a key or the old "Name: record" pattern, for any resource or language', () => {
    for (const lng of ['en', 'es'] as const) {
      for (const resource of RESOURCES) {
        expect(singularLabel(tFor[lng], resource), `${lng} ${resource.name}`).not.toMatch(/^resources\./);
        for (const sentence of ['createTitle', 'created', 'saved'] as const) {
          const text = recordSentence(tFor[lng], resource, sentence);
          expect(text, `${lng} ${resource.name} ${sentence}`).not.toMatch(/resources\.|resourceEngine\.|:|{{/);
          expect(text).toContain(singularLabel(tFor[lng], resource).toLocaleLowerCase().slice(1));
        }
      }
    }
  });

  it('knows only one grammatical gender besides the default', () => {
    const genders = Object.values(es.resources).flatMap((r) => ('gender' in r ? [r.gender] : []));
    expect(new Set(genders)).toEqual(new Set(['feminine']));
  });
});

describe("the engine's counted sentences use the resource's own nouns", () => {
  it('in English: singular for one, plural otherwise', () => {
    const t = tFor.en;
    expect(countSentence(t, named('contacts'), 'bulk.deleteTitle', 1)).toBe('Delete 1 contact?');
    expect(countSentence(t, named('contacts'), 'bulk.deleteTitle', 3)).toBe('Delete 3 contacts?');
    expect(countSentence(t, named('tasks'), 'bulk.updated', 2)).toBe('2 tasks updated');
    expect(countSentence(t, named('deals'), 'total', 12)).toBe('12 deals');
    expect(countSentence(t, named('deals'), 'table.empty', 0)).toBe('No deals');
  });

  it('in Spanish, agreeing with the noun', () => {
    const t = tFor.es;
    expect(countSentence(t, named('tasks'), 'bulk.deleted', 3)).toBe('3 tareas eliminadas');
    expect(countSentence(t, named('tasks'), 'bulk.deleted', 1)).toBe('1 tarea eliminada');
    expect(countSentence(t, named('contacts'), 'bulk.updated', 2)).toBe('2 contactos actualizados');
    expect(countSentence(t, named('contacts'), 'bulk.confirm', 2)).toBe('¿Aplicar a 2 contactos?');
    expect(countSentence(t, named('contacts'), 'table.empty', 0)).toBe('Sin contactos');
  });

  it('never show a key or a placeholder, for any resource, sentence or language', () => {
    for (const lng of ['en', 'es'] as const)
      for (const resource of RESOURCES)
        for (const sentence of COUNT_SENTENCES)
          for (const count of [0, 1, 5])
            expect(
              countSentence(tFor[lng], resource, sentence, count),
              `${lng} ${resource.name} ${sentence}`,
            ).not.toMatch(/resources\.|resourceEngine\.|{{|records|registros/);
  });
});
