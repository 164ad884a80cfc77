// @vitest-environment node
/**
 * MJML source whose tags do not nest is refused with "Line N: <what is wrong>" (the server's
 * nesting check, server/modules/email-templates/mjml-structure.ts). Both parts are catalogue
 * messages, so a Spanish editor reads the whole sentence in Spanish, the tag names as written.
 */
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { structureError } from '../../server/modules/email-templates/mjml-structure';
import { formatMessage } from '../../src/domain/messages';
import { translateMessage } from '../../src/providers/i18n/translate-message';

/** The field message the server answers on `mjml` for this source (render.ts). */
function refusalOf(source: string): string {
  const error = structureError(source);
  if (!error) throw new Error('the source nests');
  return formatMessage('emailTemplateMjmlInvalid', { line: error.line, message: error.message });
}

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
  ])('%j', async (source, english, spanish) => {
    await i18n.init({
      lng: 'es',
      resources: { en: { translation: en }, es: { translation: es } },
      interpolation: { escapeValue: false },
    });
    await i18n.changeLanguage('es');
    const text = refusalOf(source);
    expect(text).toBe(english);
    expect(translateMessage(i18n.t, text)).toBe(spanish);
  });
});
