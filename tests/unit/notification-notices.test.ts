// @vitest-environment node
/**
 * The notifications the system writes (src/domain/notification-notices.ts): every one is a pair of
 * catalogue codes both languages write with the same parameters, every one is written somewhere,
 * and nothing writes the notifications table but the notifications module and the demo's seed —
 * so no system notification is stored without its code (createNotification takes only a notice:
 * the type checker refuses a call site with bare text).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { MESSAGES } from '../../src/domain/messages';
import { noticeParamTexts, SYSTEM_NOTICES } from '../../src/domain/notification-notices';
import { noticeRow, wordsIn } from '../../server/modules/notifications/notice-texts';
import { ROOT } from './helpers/locales';

const EN: Record<string, string> = en.messages;
const ES: Record<string, string> = es.messages;
const placeholders = (text: string | undefined) =>
  [...(text ?? '').matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}
const server = sources('server').map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

describe('the system notifications’ codes', () => {
  it('are catalogue messages with an English and a Spanish text naming the same parameters', () => {
    for (const [name, { title, message }] of Object.entries(SYSTEM_NOTICES)) {
      for (const code of [title, message]) {
        expect(MESSAGES[code], `${name}: ${code}`).toBeTruthy();
        expect(EN[code], `${name}: ${code} in English`).toBe(MESSAGES[code]);
        expect(ES[code], `${name}: ${code} in Spanish`).toBeTruthy();
        expect(placeholders(ES[code]), `${name}: ${code}'s parameters in Spanish`).toEqual(placeholders(EN[code]));
      }
    }
  });

  it('are each written by the server (a call site or the demo seed names it)', () => {
    const all = server.map((f) => f.text).join('\n');
    for (const name of Object.keys(SYSTEM_NOTICES)) expect(all, name).toContain(`notice: '${name}'`);
  });

  it('are the only way a notification is stored: no other file writes the table', () => {
    const writers = server
      .filter((f) => /\.insert\(\s*notifications\s*\)|\.update\(\s*notifications\s*\)/.test(f.text))
      .map((f) => relative(ROOT, join(ROOT, f.path)));
    expect(writers.sort()).toEqual(['server/modules/notifications/service.ts', 'server/seed/notifications-demo.ts']);
  });
});

describe('a notice’s words', () => {
  const params = {
    number: 'Q-0042',
    customer: 'Ana',
    moveDate: { date: '2026-12-24' },
    startTime: { time: '09:30' },
    invoice: 'INV-2026-0007',
  };

  it('parameters are written as every screen writes them, in any language', () => {
    expect(
      noticeParamTexts({
        day: { date: '2026-12-24' },
        time: { time: '21:05' },
        at: { at: '2026-12-01T19:05:00.000Z', zone: 'America/New_York' },
        amount: { cents: 123_450 },
        count: 3,
        text: 'as is',
      }),
    ).toEqual({
      day: '12/24/2026',
      time: '9:05 PM',
      at: '12/01/2026 2:05 PM',
      amount: '$1,234.50',
      count: '3',
      text: 'as is',
    });
  });

  it('are stored with the codes and the English text; the web push is in the recipient’s language', () => {
    const row = noticeRow('quoteAccepted', params);
    expect(row).toEqual({
      titleKey: 'quoteAcceptedTitle',
      messageKey: 'quoteAcceptedMessage',
      params,
      title: 'Quote Q-0042 accepted',
      message:
        'Ana accepted quote Q-0042 for the move on 12/24/2026 at 9:30 AM. The move is booked and invoice INV-2026-0007 was created as a draft.',
    });
    expect(wordsIn('es', row)).toEqual({
      title: 'Presupuesto Q-0042 aceptado',
      message:
        'Ana aceptó el presupuesto Q-0042 para la mudanza del 12/24/2026 a las 9:30 AM. La mudanza está reservada y se creó la factura INV-2026-0007 como borrador.',
    });
    expect(wordsIn('en', row)).toEqual({ title: row.title, message: row.message });
    // An announcement (no code) goes as typed in every language.
    const typed = { title: 'Hola', message: 'Typed', titleKey: null, messageKey: null, params: null };
    expect(wordsIn('es', typed)).toEqual({ title: 'Hola', message: 'Typed' });
    expect(noticeRow('accountVerified').params).toBeNull();
  });
});
