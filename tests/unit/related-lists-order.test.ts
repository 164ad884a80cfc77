/**
 * A record's related list (server/resources/related-lists.ts): newest day first, undated rows last,
 * then by title in the lists' one text order (compareSortText), as every list sorts: "ann" beside
 * "Ann", not after "Zoe" nor wherever the server's locale puts it.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { byNewestThenTitle } from '../../server/resources/related-lists';
import type { RelatedItem } from '../../src/domain/resources/wire';

const item = (title: string, date: string | null): RelatedItem => ({
  id: title,
  kind: 'deal',
  title,
  status: null,
  date,
  link: null,
});

describe('a related list', () => {
  it("puts the newest day first, undated last, and ties by title in the lists' text order", () => {
    const items = [
      item('Zoe', '2026-11-02'),
      item('ann', '2026-11-02'),
      item('Émile', '2026-11-02'),
      item('Ann', '2026-11-02'),
      item('Bob', null),
      item('Old', '2026-10-01'),
    ];
    expect(items.sort(byNewestThenTitle).map((i) => i.title)).toEqual(['Ann', 'ann', 'Émile', 'Zoe', 'Old', 'Bob']);
  });
});
