// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { peakGuests } from '../../src/domain/reservations/capacity';

describe("the venue's guests at one moment", () => {
  it('counts only stays that overlap, within the window asked about', () => {
    const spans = [
      { start: 0, end: 10, guests: 4 },
      { start: 10, end: 20, guests: 5 }, // follows the first: never together
      { start: 5, end: 15, guests: 3 },
    ];
    expect(peakGuests(spans, 0, 20)).toBe(8);
    expect(peakGuests(spans, 0, 5)).toBe(4);
    expect(peakGuests(spans, 15, 20)).toBe(5);
    expect(peakGuests([], 0, 10)).toBe(0);
  });
});
