/**
 * antd's button style imports `isBright` from the color picker's ColorPresets module, which
 * also holds the presets panel and imports Collapse. The bundler places a module by its static
 * import edges, not by what is used, so rc-collapse, antd's Collapse and its style rode along to
 * the login page (~4 KB gzip). vite.config.ts points only the button style's import here; the
 * color picker itself keeps the real module. Same function as antd 5's ColorPresets.isBright.
 */
import { Color as RcColor } from '@rc-component/color-picker';

export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
