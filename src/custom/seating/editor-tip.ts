/**
 * What the editor's tooltip says about the table or bar under the pointer, and where it stands
 * over the canvas: its full name, places and state (a small table's label may be shortened to fit).
 */
import type { TFunction } from 'i18next';
import type { VenueLayout } from '../../domain/seating/layout';
import type { View } from './editor-view';
import { componentRects } from './floor-geometry';

/** The tooltip of component `id` seen in `view` on a stage `width` wide, or null when it has no cells. */
export function editorTip(layout: VenueLayout, id: string, view: View, width: number, t: TFunction) {
  const table = layout.seats.find((s) => s.id === id);
  const bar = table ? undefined : layout.bars.find((b) => b.id === id);
  const items = table?.items ?? bar?.items;
  if (!items?.length) return null;
  const { box } = componentRects(items);
  const text = table
    ? [table.name, t('seating.placesCount', { count: table.places }), table.isAvailable ? '' : t('seating.unavailable')]
        .filter(Boolean)
        .join(' · ')
    : bar!.name;
  const left = Math.max(0, Math.min(width - 8, view.x + (box.x + box.width / 2) * view.scale));
  const top = view.y + box.y * view.scale;
  return { text, left, top };
}
