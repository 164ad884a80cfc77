// @vitest-environment node
/**
 * A new email template, and each block added to one, starts in the screen's language: a Spanish
 * user's new template started as "News from …", "Hi there, Thank you for being with us." and
 * "Visit us", and an added block as "Write your text here." or "Button label". The words come from
 * the area's strings (starterWordsOf); the variables in them stay variables, with their fallback,
 * and the design made from them is one the schema takes. The MJML mode's insert buttons put in
 * the same words.
 */
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import en from '../../src/custom/email-templates/locales/en.json';
import es from '../../src/custom/email-templates/locales/es.json';
import { emailDesignSchema, type EmailDesign } from '../../src/domain/email-templates/blocks';
import { STARTER_WORDS_EN } from '../../src/domain/email-templates/blocks-new';
import { blankEmailTemplate, STARTER_MJML } from '../../src/domain/email-templates/rules';
import { placeholdersOf } from '../../src/domain/email-templates/variables';
import { addBlock, addToColumn } from '../../src/custom/email-templates/visual/design-ops';
import { starterWordsOf } from '../../src/custom/email-templates/starter-words';
import { blockSnippets } from '../../src/custom/email-templates/blocks';

async function translatorIn(lng: 'en' | 'es') {
  const instance = i18n.createInstance();
  await instance.init({
    lng,
    resources: { en: { translation: en }, es: { translation: es } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}
const wordsIn = async (lng: 'en' | 'es') => starterWordsOf(await translatorIn(lng));

/** Every text a design shows: its texts, buttons' labels and images' alt texts. */
function textsOf(design: EmailDesign): string[] {
  return design.blocks.flatMap((block) => {
    const blocks = block.type === 'columns' ? block.columns.flatMap((c) => c.blocks) : [block];
    return blocks.flatMap((b) =>
      b.type === 'text' ? [b.text] : b.type === 'button' ? [b.label] : b.type === 'image' ? [b.alt] : [],
    );
  });
}

describe('a new email template in Spanish', () => {
  it('starts with Spanish words, its variables kept', async () => {
    const blank = blankEmailTemplate(await wordsIn('es'));
    expect(blank.subject).toBe('Novedades de {{business.name}}');
    expect(textsOf(blank.blocks!)).toEqual([
      '{{business.name}}',
      'Hola {{contact.firstName | "de nuevo"}}:\nGracias por estar con nosotros.',
      'Visítanos',
    ]);
    expect(placeholdersOf(textsOf(blank.blocks!)[1]!).map((p) => [p.name, p.fallback])).toEqual([
      ['contact.firstName', 'de nuevo'],
    ]);
    expect(blank.mjml).toContain('Gracias por estar con nosotros.');
    expect(emailDesignSchema.safeParse(blank.blocks).success).toBe(true);
  });

  it('adds blocks with Spanish words, at the top level and in a column', async () => {
    const words = await wordsIn('es');
    let design = blankEmailTemplate(words).blocks!;
    for (const type of ['text', 'image', 'button'] as const) design = addBlock(design, type, null, words).design;
    design = addBlock(design, 'columns', null, words).design;
    design = addToColumn(design, design.blocks.length - 1, 0, 'button', words).design;
    expect(textsOf(design).slice(3)).toEqual([
      'Escribe aquí tu texto.',
      'Describe la imagen',
      'Texto del botón',
      'Escribe aquí tu texto.',
      'Texto del botón',
      'Escribe aquí tu texto.',
    ]);
  });

  it('inserts MJML snippets with Spanish words in the source mode', async () => {
    const snippets = blockSnippets(await translatorIn('es'));
    expect(snippets.text).toContain('>Escribe aquí tu texto.</mj-text>');
    expect(snippets.image).toContain('alt="Describe la imagen"');
    expect(snippets.button).toContain('>Texto del botón</mj-button>');
    expect(snippets.columns).toContain('<mj-text>Columna izquierda</mj-text>');
    expect(snippets.columns).toContain('<mj-text>Columna derecha</mj-text>');
  });

  it('reads as before in English, the words the tests and the MJML starter use', async () => {
    expect(await wordsIn('en')).toEqual(STARTER_WORDS_EN);
    expect(blankEmailTemplate(await wordsIn('en')).mjml).toBe(STARTER_MJML);
  });
});
