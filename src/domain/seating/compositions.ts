/**
 * The starter floor the editor loads on request ("load an initial composition") and the demo
 * venue is seeded with: a 16 × 10 room walled round with a door, a bar along the back and ten
 * tables of 2 to 8 places, T1 to T10. Ids come from the caller, so tests can fix them.
 */
import type { LayoutBar, LayoutTable, PlacedItem, VenueLayout } from './layout';

type Cell = [row: number, col: number];

export function starterComposition(newId: () => string): VenueLayout {
  const width = 16;
  const height = 10;
  const item = (
    type: PlacedItem['type'],
    [row, col]: Cell,
    parent?: { id: string; name: string; identifier: string },
  ) => ({
    id: newId(),
    image: type,
    name: parent ? parent.name : 'Wall',
    row,
    col,
    rotation: 0 as const,
    type,
    parentId: parent?.id ?? null,
    parentName: parent?.name ?? null,
    parentIdentifier: parent?.identifier ?? null,
  });

  const door = new Set([7, 8]);
  const walls: PlacedItem[] = [];
  for (let col = 0; col < width; col++) {
    walls.push(item('wall', [0, col]));
    if (!door.has(col)) walls.push(item('wall', [height - 1, col]));
  }
  for (let row = 1; row < height - 1; row++) walls.push(item('wall', [row, 0]), item('wall', [row, width - 1]));

  const barParent = { id: newId(), name: 'Bar', identifier: 'BAR' };
  const bar: LayoutBar = {
    ...barParent,
    items: [2, 3, 4, 5, 6, 7].map((col) => item('bar', [1, col], barParent)),
  };

  const tables: [places: number, cells: Cell[]][] = [
    [
      4,
      [
        [3, 2],
        [3, 3],
      ],
    ],
    [
      4,
      [
        [3, 5],
        [3, 6],
      ],
    ],
    [
      4,
      [
        [3, 9],
        [3, 10],
      ],
    ],
    [
      4,
      [
        [3, 12],
        [3, 13],
      ],
    ],
    [2, [[5, 2]]],
    [2, [[5, 5]]],
    [2, [[5, 10]]],
    [2, [[5, 13]]],
    [
      8,
      [
        [7, 2],
        [7, 3],
        [8, 2],
        [8, 3],
      ],
    ],
    [
      6,
      [
        [7, 12],
        [7, 13],
        [8, 12],
        [8, 13],
      ],
    ],
  ];
  const seats: LayoutTable[] = tables.map(([places, cells], i) => {
    const parent = { id: newId(), name: `T${i + 1}`, identifier: `T${i + 1}` };
    return { ...parent, isAvailable: true, places, items: cells.map((c) => item('table', c, parent)) };
  });
  return { width, height, walls, seats, bars: [bar], zoom: 1, rotation: 0 };
}
