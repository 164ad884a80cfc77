/**
 * The full name (and places, and state) of the table or bar under the pointer, over the canvas:
 * a small table's label on the plan may be shortened to fit its cell.
 */
import type { FloorColors } from './floor-colors';

export function FloorTooltip({
  text,
  left,
  top,
  colors,
}: {
  text: string;
  left: number;
  top: number;
  colors: FloorColors;
}) {
  return (
    <div
      role="tooltip"
      style={{
        position: 'absolute',
        left,
        top,
        // Above the item, or inside its top edge when there is no room above.
        transform: `translate(-50%, ${top < 32 ? '4px' : 'calc(-100% - 4px)'})`,
        background: colors.tooltipBg,
        color: colors.tooltipText,
        borderRadius: 6,
        padding: '4px 8px',
        fontSize: 12,
        lineHeight: '18px',
        whiteSpace: 'nowrap',
        pointerEvents: 'none',
        boxShadow: '0 2px 8px rgba(0, 0, 0, 0.25)',
        zIndex: 1,
      }}
    >
      {text}
    </div>
  );
}
