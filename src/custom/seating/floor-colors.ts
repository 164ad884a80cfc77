/**
 * The floor plan's colours, taken from antd's tokens so they follow the light and dark themes.
 * A table's state is never colour alone: each state also has its own outline (solid, dashed,
 * dotted, double weight) and its word is written on the table.
 */
import { useMemo } from 'react';
import { theme } from 'antd';

export type TableState = 'free' | 'reserved' | 'seated' | 'paid';
export const TABLE_STATES: readonly TableState[] = ['free', 'reserved', 'seated', 'paid'];

export interface TableStyle {
  fill: string;
  stroke: string;
  strokeWidth: number;
  dash: number[] | undefined;
}

export function useFloorColors() {
  const { token } = theme.useToken();
  // One object per theme, so memoised shapes that take it do not redraw on every render.
  return useMemo(() => floorColors(token), [token]);
}

function floorColors(token: ReturnType<typeof theme.useToken>['token']) {
  const states: Record<TableState, TableStyle> = {
    free: { fill: token.colorSuccessBg, stroke: token.colorSuccess, strokeWidth: 2, dash: undefined },
    reserved: { fill: token.colorWarningBg, stroke: token.colorWarning, strokeWidth: 2, dash: [8, 4] },
    seated: { fill: token.colorInfoBg, stroke: token.colorInfo, strokeWidth: 3, dash: [2, 3] },
    paid: { fill: token.colorFillSecondary, stroke: token.colorTextTertiary, strokeWidth: 4, dash: undefined },
  };
  return {
    floor: token.colorBgContainer,
    grid: token.colorBorderSecondary,
    // A mid grey in both themes: a dark block on the light floor, not a glaring one on the dark.
    wall: token.colorTextTertiary,
    bar: token.colorFillSecondary,
    barStroke: token.colorTextTertiary,
    table: { fill: token.colorPrimaryBg, stroke: token.colorPrimary, strokeWidth: 2, dash: undefined } as TableStyle,
    unavailable: { fill: token.colorFillTertiary, stroke: token.colorTextQuaternary, strokeWidth: 2, dash: [4, 4] },
    barStyle: {
      fill: token.colorFillSecondary,
      stroke: token.colorTextTertiary,
      strokeWidth: 1,
      dash: undefined,
    } as TableStyle,
    selected: token.colorPrimaryActive,
    text: token.colorText,
    tooltipBg: token.colorBgSpotlight,
    tooltipText: token.colorTextLightSolid,
    textSecondary: token.colorTextSecondary,
    fontFamily: token.fontFamily,
    states,
  };
}
export type FloorColors = ReturnType<typeof floorColors>;
