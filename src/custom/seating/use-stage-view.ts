/**
 * The editor stage's view and the wheel's zoom. The wheel zooms at the pointer; the zoom is a
 * view setting, not an edit. A wheel gesture draws the floor as one bitmap (the layers cached at
 * the scale it began) until the wheel rests, then once crisp; its frames never go through React,
 * which hears of the view when the gesture ends.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type Konva from 'konva';
import type { VenueLayout } from '../../domain/seating/layout';
import { floorBox } from './floor-geometry';
import { atZoom, zoomedAt, type View } from './editor-view';

/** The wheel has rested this long: the gesture is over and the floor is drawn crisp again. */
const ZOOM_IDLE_MS = 150;
/** The most pixels a layer's bitmap may take while zooming (16 MB): a big floor zoomed in is a little soft until the wheel rests. */
const MAX_CACHE_PIXELS = 4_000_000;

export interface StageRefs {
  stage: RefObject<Konva.Stage | null>;
  /** The two big layers a wheel gesture draws as bitmaps: the floor, the tables and bars. */
  floor: RefObject<Konva.Layer | null>;
  items: RefObject<Konva.Layer | null>;
}

/** `onGestureStart` runs as a wheel gesture begins (the caller hides what the bitmap would leave stale). */
export function useStageView(
  layout: VenueLayout,
  width: number,
  height: number,
  refs: StageRefs,
  onGestureStart: () => void,
) {
  const { stage: stageRef, floor: floorLayer, items: itemsLayer } = refs;
  const [view, setView] = useState<View>(() => atZoom(layout.width, layout.height, width, height, layout.zoom));
  // What the stage shows now: ahead of `view` during a wheel gesture, which React hears of at its end.
  const live = useRef<View>(view);
  const wheelRest = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Every view React sets is what the stage shows, whatever a wheel gesture did meanwhile.
  useLayoutEffect(() => {
    live.current = view;
    stageRef.current?.setAttrs({ scaleX: view.scale, scaleY: view.scale, x: view.x, y: view.y });
  }, [view, stageRef]);

  /** Ends a wheel gesture: the layers drop their bitmaps and draw crisp; `keep` hands its view to React. */
  const endWheel = useCallback(
    (keep: boolean) => {
      if (wheelRest.current === null) return;
      clearTimeout(wheelRest.current);
      wheelRest.current = null;
      floorLayer.current?.clearCache();
      itemsLayer.current?.clearCache();
      if (keep) setView({ ...live.current });
    },
    [floorLayer, itemsLayer],
  );
  useEffect(() => () => endWheel(false), [endWheel]);

  /** A view set by a button or a new floor: it replaces a wheel gesture still under way. */
  const showView = useCallback(
    (next: View) => {
      endWheel(false);
      setView(next);
    },
    [endWheel],
  );

  // A floor of another size (loaded, or resized), or another saved zoom, is shown at that zoom again.
  useEffect(() => {
    showView(atZoom(layout.width, layout.height, width, height, layout.zoom));
  }, [layout.width, layout.height, layout.zoom, width, height, showView]);

  const zoomAt = useCallback(
    (factor: number) => showView(zoomedAt(live.current, factor, { x: width / 2, y: height / 2 })),
    [width, height, showView],
  );

  /** The floor's bounds, for the wheel's bitmaps (read when a gesture begins, not per render). */
  const box = useRef(layout);
  useLayoutEffect(() => {
    box.current = layout;
  }, [layout]);

  const onWheel = (e: Konva.KonvaEventObject<WheelEvent>) => {
    e.evt.preventDefault();
    const stage = stageRef.current;
    if (!stage) return;
    if (wheelRest.current === null) {
      // The gesture begins: each big layer becomes one bitmap at the scale the floor is seen at
      // (within MAX_CACHE_PIXELS), so every frame of it draws two images, not 4,000 shapes.
      const area = floorBox(box.current);
      const most = Math.sqrt(MAX_CACHE_PIXELS / (area.width * area.height));
      const pixelRatio = Math.min(live.current.scale * (window.devicePixelRatio || 1), most);
      const hitCanvasPixelRatio = Math.min(live.current.scale, most);
      const bitmap = { ...area, offset: 4, pixelRatio, hitCanvasPixelRatio };
      floorLayer.current?.cache(bitmap);
      itemsLayer.current?.cache(bitmap);
      onGestureStart();
    } else clearTimeout(wheelRest.current);
    const p = stage.getPointerPosition() ?? { x: width / 2, y: height / 2 };
    live.current = zoomedAt(live.current, e.evt.deltaY < 0 ? 1.1 : 1 / 1.1, p);
    // Konva draws at most once per frame (batchDraw), however many wheel events come in it.
    stage.setAttrs({ scaleX: live.current.scale, scaleY: live.current.scale, x: live.current.x, y: live.current.y });
    wheelRest.current = setTimeout(() => endWheel(true), ZOOM_IDLE_MS);
  };

  return { view, live, endWheel, showView, zoomAt, onWheel };
}
