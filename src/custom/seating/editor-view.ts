/**
 * The editor stage's view (scale and offset) as pure arithmetic: zooming about a point, the
 * whole floor fitted, and the layout's stored zoom turned into a view and back.
 */
import { MAX_ZOOM, MIN_ZOOM } from '../../domain/seating/layout';
import { CELL, fitScale } from './floor-geometry';

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 4;

export interface View {
  scale: number;
  x: number;
  y: number;
}

/** `v` magnified by `factor` about the stage point `p` (which stays where it is), within the scale bounds. */
export function zoomedAt(v: View, factor: number, p: { x: number; y: number }): View {
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, v.scale * factor));
  const wx = (p.x - v.x) / v.scale;
  const wy = (p.y - v.y) / v.scale;
  return { scale, x: p.x - wx * scale, y: p.y - wy * scale };
}

/** The whole floor, fitted and centred in the stage. */
export function fitted(floorWidth: number, floorHeight: number, width: number, height: number) {
  const scale = fitScale(floorWidth, floorHeight, width, height);
  return {
    scale,
    x: Math.max(0, (width - floorWidth * CELL * scale) / 2),
    y: Math.max(0, (height - floorHeight * CELL * scale) / 2),
  };
}

/** A zoom the layout may store (its schema's bounds). */
export const clampZoom = (zoom: number) => Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));

/**
 * The floor at the layout's saved zoom: the fitted view magnified by `zoom` about the stage's
 * centre, so a plan saved zoomed in on its bar opens that close again (1 is the whole floor).
 */
export function atZoom(floorWidth: number, floorHeight: number, width: number, height: number, zoom: number) {
  const fit = fitted(floorWidth, floorHeight, width, height);
  const z = clampZoom(zoom || 1);
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, fit.scale * z));
  const f = scale / fit.scale;
  return { scale, x: width / 2 - (width / 2 - fit.x) * f, y: height / 2 - (height / 2 - fit.y) * f };
}
