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
import {
  DOCUMENT,
  DOCUMENT_MESSAGES,
  pagesLimitText,
  quotaText,
  uploadSizeRefusal,
} from '../../src/domain/documents/documents';
import { documentMessage } from '../../src/custom/documents/document-messages';
import { counted } from '../../src/ui/counted';

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

describe("a plan limit's refusal", () => {
  it('says "1 page" and "1 document upload" for a limit of one, and writes large limits in en-US digits', async () => {
    const en = await translatorIn('en');
    const es = await translatorIn('es');
    expect(pagesLimitText('Free', 1)).toBe('The Free plan supports up to 1 page per PDF');
    expect(documentMessage(en, pagesLimitText('Free', 1))).toBe('The Free plan supports up to 1 page per PDF');
    expect(documentMessage(es, pagesLimitText('Free', 1))).toBe('El plan Free admite hasta 1 página por PDF');
    expect(documentMessage(en, pagesLimitText('Pro', 1000))).toBe('The Pro plan supports up to 1,000 pages per PDF');
    expect(documentMessage(es, pagesLimitText('Pro', 25))).toBe('El plan Pro admite hasta 25 páginas por PDF');
    expect(quotaText('Free', 1)).toBe('The Free plan allows 1 document upload per month; the quota renews on the 1st');
    expect(documentMessage(es, quotaText('Free', 1))).toBe(
      'El plan Free permite 1 subida de documentos por mes; el cupo se renueva el día 1',
    );
    // The documents page's intro, from the same counts.
    const intro = (t: typeof en, pages: number, quota: number) =>
      t('documents.intro', {
        plan: 'Free',
        pages: t('documents.pagesCount', counted(pages)),
        quota: t('documents.uploadsCount', counted(quota)),
      });
    expect(intro(en, 1, 1)).toContain('PDFs of up to 1 page and 1 upload per calendar month');
    expect(intro(es, 1, 1000)).toContain('PDF de hasta 1 página y 1,000 subidas por mes natural');
    expect(documentMessage(en, quotaText('Pro', 100000))).toBe(
      'The Pro plan allows 100,000 document uploads per month; the quota renews on the 1st',
    );
  });
});
