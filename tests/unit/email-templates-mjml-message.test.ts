// @vitest-environment node
/**
 * MJML source whose tags do not nest is refused with "Line N: <what is wrong>" (the server's
 * nesting check, server/modules/email-templates/mjml-structure.ts), and so is what mjml's own
 * validator finds (mjml-messages.ts). Both parts are catalogue messages, so a Spanish editor reads
 * the whole sentence in Spanish, the tag names as written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { mjmlFindingMessage } from '../../server/modules/email-templates/mjml-messages';
import { structureError } from '../../server/modules/email-templates/mjml-structure';
import { renderSource } from '../../server/modules/email-templates/render';
import { formatMessage } from '../../src/domain/messages';
import { translateMessage } from '../../src/providers/i18n/translate-message';

/** The field message the server answers on `mjml` for this source (render.ts). */
function refusalOf(source: string): string {
  const error = structureError(source);
  if (!error) throw new Error('the source nests');
  return formatMessage('emailTemplateMjmlInvalid', { line: error.line, message: error.message });
}

beforeAll(async () => {
  await i18n.init({
    lng: 'es',
    resources: { en: { translation: en }, es: { translation: es } },
    interpolation: { escapeValue: false },
  });
  await i18n.changeLanguage('es');
});

describe('an MJML nesting mistake, translated', () => {
  it.each([
    [
      '<mjml>\n<mj-body>\n<mj-column>\n</mj-colum>',
      'Line 4: </mj-colum> does not close <mj-column>, opened on line 3',
      'Línea 4: </mj-colum> no cierra <mj-column>, abierta en la línea 3',
    ],
    ['</mj-text>', 'Line 1: </mj-text> closes nothing', 'Línea 1: </mj-text> no cierra nada'],
    ['<mjml>\n<mj-body>', 'Line 2: <mj-body> is never closed', 'Línea 2: <mj-body> no se cierra nunca'],
    [
      '<mj-body></mj-body>',
      'Line 1: The source must be enclosed in <mjml> … </mjml>',
      'Línea 1: El código debe ir dentro de <mjml> … </mjml>',
    ],
  ])('%j', (source, english, spanish) => {
    const text = refusalOf(source);
    expect(text).toBe(english);
    expect(translateMessage(i18n.t, text)).toBe(spanish);
  });
});

/** The `mjml` field message the server answers for source mjml's validator refuses. */
async function validatorRefusal(body: string): Promise<string> {
  const mjml = `<mjml><mj-body>\n${body}\n</mj-body></mjml>`;
  try {
    await renderSource({ kind: 'general', subject: 'Hi', mjml });
  } catch (error) {
    return (error as { errors: Record<string, string> }).errors.mjml!;
  }
  throw new Error('the source rendered');
}

describe('what mjml’s validator finds, translated', () => {
  const section = (inner: string) => `<mj-section><mj-column>${inner}</mj-column></mj-section>`;
  it.each([
    [
      section('<mj-foo>x</mj-foo>'),
      'Line 2: <mj-foo> is not an MJML element',
      'Línea 2: <mj-foo> no es un elemento de MJML',
    ],
    [
      section('<mj-text colour="red">x</mj-text>'),
      'Line 2: <mj-text> has no attribute colour',
      'Línea 2: <mj-text> no tiene el atributo colour',
    ],
    [
      '<mj-column><mj-text>x</mj-text></mj-column>',
      'Line 2: <mj-column> cannot be inside <mj-body>, only inside: mj-attributes, mj-group, mj-section',
      'Línea 2: <mj-column> no puede ir dentro de <mj-body>, solo dentro de: mj-attributes, mj-group, mj-section',
    ],
    [
      section('<mj-text padding="abc">x</mj-text>'),
      'Line 2: “abc” is not a valid value for padding',
      'Línea 2: «abc» no es un valor válido para padding',
    ],
  ])('%s', async (body, english, spanish) => {
    const text = await validatorRefusal(body);
    expect(text).toBe(english);
    expect(translateMessage(i18n.t, text)).toBe(spanish);
  });
});

/** The `mjml` field message for a whole source (not wrapped in <mjml><mj-body> as above). */
async function sourceRefusal(mjml: string): Promise<string> {
  try {
    await renderSource({ kind: 'general', subject: 'Hi', mjml });
  } catch (error) {
    return (error as { errors: Record<string, string> }).errors.mjml!;
  }
  throw new Error('the source rendered');
}

describe('mjml’s rarer findings, translated', () => {
  it.each([
    [
      '<mjml><mj-body>\n<mj-section><mj-column><mj-image alt="" colour="red" size="2" src="https://example.com/a.png" /></mj-column></mj-section>\n</mj-body></mjml>',
      'Line 2: <mj-image> has no attributes colour, size',
      'Línea 2: <mj-image> no tiene los atributos colour, size',
    ],
    // mjml throws "Malformed MJML" for a root without a body: a head alone, bare text, nothing.
    [
      '<mjml><mj-head><mj-title>Hi</mj-title></mj-head></mjml>',
      'Line 1: The mail needs an <mj-body> inside <mjml>, holding what the mail shows',
      'Línea 1: El correo necesita un <mj-body> dentro de <mjml>, con lo que muestra el correo',
    ],
    [
      '<mjml>Hello</mjml>',
      'Line 1: The mail needs an <mj-body> inside <mjml>, holding what the mail shows',
      'Línea 1: El correo necesita un <mj-body> dentro de <mjml>, con lo que muestra el correo',
    ],
  ])('%s', async (source, english, spanish) => {
    const text = await sourceRefusal(source);
    expect(text).toBe(english);
    expect(translateMessage(i18n.t, text)).toBe(spanish);
  });

  it('says anything else mjml says inside a sentence of the user’s language, mjml’s words kept', async () => {
    const text = formatMessage('emailTemplateMjmlInvalid', {
      line: 3,
      message: mjmlFindingMessage({ message: 'mj-include fails to read file : a.mjml at ./a.mjml' }),
    });
    expect(text).toBe('Line 3: MJML cannot render this: mj-include fails to read file : a.mjml at ./a.mjml');
    expect(translateMessage(i18n.t, text)).toBe(
      'Línea 3: MJML no puede generar esto: mj-include fails to read file : a.mjml at ./a.mjml',
    );
  });
});
