// @vitest-environment node
/**
 * The file manager's sort (src/domain/files/sort.ts): natural and case-apart ("file2" before
 * "file10"), folders or files first, and its fast path for ASCII names in exactly the order
 * Intl.Collator gives, over thousands of random names with punctuation, digits and both cases.
 */
import { describe, expect, it } from 'vitest';
import { sortNodes } from '../../src/domain/files/sort';

const n = (name: string, isFolder = false, id = name) => ({ id, name, isFolder });
const names = (list: { name: string }[]) => list.map((x) => x.name);

describe('file manager sort', () => {
  it('orders naturally, case apart, with folders or files first', () => {
    const list = [n('file10.txt'), n('File2.txt'), n('b', true), n('a', true), n('file1.txt')];
    expect(names(sortNodes(list, 'alphabetically'))).toEqual(['a', 'b', 'file1.txt', 'File2.txt', 'file10.txt']);
    expect(names(sortNodes(list, 'folder'))).toEqual(['a', 'b', 'file1.txt', 'File2.txt', 'file10.txt']);
    expect(names(sortNodes(list, 'file'))).toEqual(['file1.txt', 'File2.txt', 'file10.txt', 'a', 'b']);
    expect(names(sortNodes([n('éclair'), n('ezra'), n('eclair2')], 'alphabetically', 'es'))).toEqual([
      'éclair',
      'eclair2',
      'ezra',
    ]);
  });

  it('gives the collator’s order on its fast path', () => {
    const pool = 'aAbBzZ019 -_.()[]#&+~!';
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const list = Array.from({ length: 3000 }, (_, i) =>
      n(
        Array.from({ length: 1 + Math.floor(random() * 8) }, () => pool[Math.floor(random() * pool.length)]).join(''),
        false,
        `id${i}`,
      ),
    );
    const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
    const reference = [...list].sort(
      (a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    expect(sortNodes(list, 'alphabetically').map((x) => x.id)).toEqual(reference.map((x) => x.id));
    // Folders first, over the same names (many alike: ties go by id).
    const mixed = list.map((x, i) => ({ ...x, isFolder: i % 3 === 0 }));
    const folderFirst = [
      ...reference.filter((x) => Number(x.id.slice(2)) % 3 === 0),
      ...reference.filter((x) => Number(x.id.slice(2)) % 3 !== 0),
    ];
    expect(sortNodes(mixed, 'folder').map((x) => x.id)).toEqual(folderFirst.map((x) => x.id));
  });
});
