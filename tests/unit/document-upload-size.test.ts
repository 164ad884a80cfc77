// @vitest-environment node
/**
 * An upload's size rule, the one the documents page checks before sending and the server checks on
 * what arrived (tests/api/documents.test.ts): an empty file is refused as empty (not as "not a
 * PDF", which would send a person looking for a wrong file type), one over 20 MB as too large,
 * and the page shows the refusal in the reader's language.
 */
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import en from '../../src/custom/documents/locales/en.json';
import es from '../../src/custom/documents/locales/es.json';
import { DOCUMENT, DOCUMENT_MESSAGES, uploadSizeRefusal } from '../../src/domain/documents/documents';
import { documentMessage } from '../../src/custom/documents/document-messages';

async function translatorIn(lng: 'en' | 'es') {
  const instance = i18n.createInstance();
  await instance.init({
    lng,
    resources: { en: { documents: en }, es: { documents: es } },
    defaultNS: 'documents',
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe("a document upload's size", () => {
  it('refuses 0 bytes as empty and more than 20 MB as too large; anything between is read', () => {
    expect(uploadSizeRefusal(0)).toBe(DOCUMENT_MESSAGES.empty);
    expect(uploadSizeRefusal(1)).toBeNull();
    expect(uploadSizeRefusal(DOCUMENT.maxBytes)).toBeNull();
    expect(uploadSizeRefusal(DOCUMENT.maxBytes + 1)).toBe(DOCUMENT_MESSAGES.tooLarge);
  });

  it('shows the empty file refusal in English and in Spanish', async () => {
    expect(documentMessage(await translatorIn('en'), DOCUMENT_MESSAGES.empty)).toBe('The file is empty');
    expect(documentMessage(await translatorIn('es'), DOCUMENT_MESSAGES.empty)).toBe('El archivo está vacío');
  });
});
