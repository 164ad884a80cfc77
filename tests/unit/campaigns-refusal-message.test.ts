// @vitest-environment node
/**
 * A campaign action refused because the campaign moved on (another tab sent or cancelled it) is
 * answered by the server as 'A {{status}} campaign cannot be {{action}}' with the status and the
 * action as English words. In Spanish the central message names the campaigns area's words for
 * them (i18next nesting), so no English word is left in the sentence. The hourly limit's range
 * names its maximum with en-US digits.
 */
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import campaignsEn from '../../src/custom/campaigns/locales/en.json';
import campaignsEs from '../../src/custom/campaigns/locales/es.json';
import { campaignSchema, EVERYONE } from '../../src/domain/campaigns/rules';
import { formatMessage } from '../../src/domain/messages';
import { translateMessage } from '../../src/providers/i18n/translate-message';

const DRAFT = {
  name: 'December line-up',
  senderId: 's',
  templateId: 't',
  subject: 'On stage in December',
  segment: EVERYONE,
};

async function translatorIn(lng: 'en' | 'es') {
  const instance = i18n.createInstance();
  await instance.init({
    lng,
    resources: {
      en: { translation: en, campaigns: campaignsEn },
      es: { translation: es, campaigns: campaignsEs },
    },
    fallbackNS: ['campaigns'],
    interpolation: { escapeValue: false },
  });
  return instance;
}

describe('a refused campaign action', () => {
  const refusal = (status: string, action: string) => formatMessage('campaignActionRefused', { status, action });

  it('reads in Spanish with the Spanish words for the status and the action', async () => {
    const es = await translatorIn('es');
    // translateMessage recognises the text by the English catalogue of the global instance.
    await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
    expect(translateMessage(es.t, refusal('scheduled', 'scheduled'))).toBe(
      'Una campaña programada no se puede programar',
    );
    expect(translateMessage(es.t, refusal('cancelled', 'paused'))).toBe('Una campaña cancelada no se puede pausar');
    expect(translateMessage(es.t, refusal('sent', 'cancelled'))).toBe('Una campaña enviada no se puede cancelar');
    expect(translateMessage(es.t, refusal('draft', 'resumed'))).toBe('Una campaña en borrador no se puede reanudar');
  });

  it('stays the server’s sentence in English', async () => {
    const en = await translatorIn('en');
    expect(translateMessage(en.t, refusal('sending', 'scheduled'))).toBe('A sending campaign cannot be scheduled');
  });
});

describe('the hourly limit refused', () => {
  it('names its maximum with en-US digits, in English and in Spanish', async () => {
    const refused = campaignSchema.safeParse({ ...DRAFT, hourlyCap: 0 });
    const message = refused.error?.issues.find((i) => i.path[0] === 'hourlyCap')?.message;
    // It read "from 1 to 100000".
    expect(message).toBe('The hourly limit is a whole number from 1 to 100,000');
    const es = await translatorIn('es');
    await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
    expect(translateMessage(es.t, message!)).toBe('El límite por hora es un número entero de 1 a 100,000');
  });
});
