import { describe, expect, it } from 'vitest';
import { pageBodies } from '../../server/modules/documents/page-units';

/** Two pages of a web page a browser printed: its date and time, title, address and "page/pages". */
const pages = [
  'Debian releases and their support. 12 Bookworm bookworm 2021-08-14 2023-06-10 12/2/26, 7:05 AM distro-info-data 0.58 file:///tmp/distro-info.html 1/2',
  '12/2/26, 7:05 AM Ubuntu releases and their support. 26.04 LTS Resolute Raccoon 2025-10-09 2026-04-23 https://example.com/ubuntu.html 2/2',
];
const body = (text: string, [start, end]: [number, number]) => text.slice(start, end);

describe("a browser's header and footer on the pages it printed (page-units.ts pageBodies)", () => {
  it('are dropped however few pages there are', () => {
    const bodies = pageBodies(pages);
    expect(body(pages[0]!, bodies[0]!)).toBe(
      'Debian releases and their support. 12 Bookworm bookworm 2021-08-14 2023-06-10',
    );
    expect(body(pages[1]!, bodies[1]!)).toBe(
      'Ubuntu releases and their support. 26.04 LTS Resolute Raccoon 2025-10-09 2026-04-23',
    );
  });

  it('only where the page says it is this page of these pages', () => {
    const quoted = [
      'See the list at https://example.com/list.html 1/3 of the way down.',
      'It says 3/4 at https://example.com 2/9',
    ];
    expect(pageBodies(quoted)).toEqual(quoted.map((t) => [0, t.length]));
  });
});
