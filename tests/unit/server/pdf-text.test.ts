// @vitest-environment node
/**
 * The text the PDFs (invoices, quotes, fleet reports) hand pdfkit's standard fonts: everything
 * WinAnsi holds stays, so the curly quotes and dashes a phone or a word processor types are drawn
 * (they read '?' before); what the fonts cannot draw (emoji, CJK) is still '?', never a broken glyph.
 */
import { describe, expect, it } from 'vitest';
import { latin } from '../../../server/pdf/pdf-parts';

describe('PDF text', () => {
  it('keeps WinAnsi punctuation and letters beyond Latin-1', () => {
    expect(latin('Sam’s “upright” piano — 2–3 movers…')).toBe('Sam’s “upright” piano — 2–3 movers…');
    expect(latin('‘Fragile’ • €20 • Brand™ • Œuvre • Šimek')).toBe('‘Fragile’ • €20 • Brand™ • Œuvre • Šimek');
    expect(latin('José Ñúñez, café')).toBe('José Ñúñez, café');
  });

  it('writes an arrow and a minus sign in ASCII and anything else as ?', () => {
    expect(latin('Dover → Newark')).toBe('Dover -> Newark');
    expect(latin('\u2212$5.00')).toBe('-$5.00');
    expect(latin('Piano 🎹 中文')).toBe('Piano ? ??');
  });
});
