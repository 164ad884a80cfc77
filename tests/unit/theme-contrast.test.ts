// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { antdTheme } from '../../src/providers/theme/antd-theme';

type Rgba = [number, number, number, number];

/** A CSS colour as antd writes its tokens: #rgb, #rrggbb or rgba(r, g, b, a). */
function parse(color: string): Rgba {
  if (/^#[0-9a-f]{3}$/i.test(color)) return parse(color.replace(/[0-9a-f]/gi, (digit) => digit + digit));
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const parts = /^rgba?\(([^)]+)\)$/.exec(color)?.[1]?.split(',').map(Number);
  if (!parts) throw new Error(`not a colour: ${color}`);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}

/** WCAG's contrast ratio of a text colour drawn over an opaque background. */
function contrast(text: string, background: string): number {
  const [br, bg, bb] = parse(background);
  const [r, g, b, a] = parse(text);
  const over = [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
  const luminance = (rgb: number[]) => {
    const [lr, lg, lb] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
  };
  const [l1, l2] = [luminance(over), luminance([br, bg, bb])].sort((x, y) => y - x);
  return (l1! + 0.05) / (l2! + 0.05);
}

// WCAG AA for text under 18.66 px bold / 24 px: what tags, table and form text are.
const AA = 4.5;

describe.each(['light', 'dark'] as const)('the %s theme keeps text at 4.5:1 (axe color-contrast)', (mode) => {
  const config = antdTheme(mode, { motion: false });
  const token = theme.getDesignToken(config);
  /** A component's tokens as antd draws it: the global ones with the component's overrides. */
  const of = (component: 'Table' | 'List' | 'Tag' | 'Descriptions' | 'Switch' | 'Calendar') =>
    ({ ...token, ...(config.components?.[component] ?? {}) }) as unknown as Record<string, string>;

  it('error text (form messages, danger buttons) on the page and on its tint', () => {
    expect(contrast(token.colorError, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
    expect(contrast(token.colorError, token.colorBgLayout)).toBeGreaterThanOrEqual(AA);
  });

  it("secondary text (--app-color-text-secondary: the support desk's 'Unassigned')", () => {
    expect(contrast(token.colorTextSecondary, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
  });

  it("text in the brand colour: the sidebar's open page on its row, the pager's current page, a primary link", () => {
    expect(contrast(token.colorPrimaryText, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
    expect(contrast(token.colorPrimaryText, token.controlItemBgActive)).toBeGreaterThanOrEqual(AA);
    expect(contrast(token.colorPrimaryTextHover, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
    expect(contrast(token.colorPrimaryTextActive, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
  });

  it("a tab's words: selected, hovered, pressed", () => {
    // antd's defaults where the theme sets none (tabs/style: the brand, its hover and active).
    const tabs = {
      itemSelectedColor: token.colorPrimary,
      itemHoverColor: token.colorPrimaryHover,
      itemActiveColor: token.colorPrimaryActive,
      ...config.components?.Tabs,
    };
    for (const color of [tabs.itemSelectedColor, tabs.itemHoverColor, tabs.itemActiveColor])
      expect(contrast(color, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
  });

  it("placeholders, which label a list's filters", () => {
    expect(contrast(token.colorTextPlaceholder, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
  });

  it("a table's and a list's empty line", () => {
    expect(contrast(of('Table').colorTextDisabled!, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
    expect(contrast(of('List').colorTextDisabled!, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
  });

  it("a calendar's days of the months before and after", () => {
    expect(contrast(of('Calendar').colorTextDisabled!, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
  });

  it("a description list's labels", () => {
    expect(contrast(of('Descriptions').labelColor!, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
  });

  it("an off switch's white words on its track, at rest and hovered", () => {
    /** The track's colour as drawn: its translucent grey over the page. */
    const track = (grey: string) => {
      const [r, g, b, a] = parse(grey);
      const [br, bg, bb] = parse(token.colorBgContainer);
      const mix = (c: number, base: number) => Math.round(c * a + base * (1 - a));
      return `rgb(${mix(r, br)}, ${mix(g, bg)}, ${mix(b, bb)})`;
    };
    const switchToken = of('Switch');
    expect(contrast(token.colorTextLightSolid, track(switchToken.colorTextQuaternary!))).toBeGreaterThanOrEqual(AA);
    expect(contrast(token.colorTextLightSolid, track(switchToken.colorTextTertiary!))).toBeGreaterThanOrEqual(AA);
  });

  it.each(['green', 'gold', 'orange', 'cyan', 'lime', 'volcano', 'red', 'blue', 'purple', 'magenta', 'geekblue'])(
    'a %s tag (shade 7 on shade 1)',
    (color) => {
      const tag = of('Tag');
      expect(contrast(tag[`${color}7`]!, tag[`${color}1`]!)).toBeGreaterThanOrEqual(AA);
    },
  );

  it.each(['Success', 'Warning', 'Error', 'Info'])('a %s status tag (its colour on its tint)', (status) => {
    const tag = of('Tag');
    expect(contrast(tag[`color${status}`]!, tag[`color${status}Bg`]!)).toBeGreaterThanOrEqual(AA);
  });
});

/**
 * The WhatsApp template's phone preview draws its own palette (src/custom/ws-templates/ws-templates.css,
 * the --ws-* variables of `.ws-phone`, and of the dark theme's): its text pairs at 4.5:1 as well.
 */
describe.each([
  ['light', /\n\.ws-phone \{([^}]*)\}/],
  ['dark', /\nhtml\[data-theme='dark'\] \.ws-phone \{([^}]*)\}/],
] as const)("the WhatsApp preview's %s palette", (_mode, block) => {
  const css = readFileSync(new URL('../../src/custom/ws-templates/ws-templates.css', import.meta.url), 'utf8');
  const vars = Object.fromEntries(
    [...(block.exec(css)?.[1] ?? '').matchAll(/--ws-([a-z]+):\s*([^;]+);/g)].map(([, name, value]) => [
      name!,
      value!.trim(),
    ]),
  );
  /** A translucent fill (the media placeholder's) as drawn over the bubble. */
  const over = (fill: string, base: string) => {
    const [r, g, b, a] = parse(fill);
    const [br, bg, bb] = parse(base);
    const mix = (c: number, under: number) => Math.round(c * a + under * (1 - a));
    return `rgb(${mix(r, br)}, ${mix(g, bg)}, ${mix(b, bb)})`;
  };

  it.each([
    ['a message', 'text', 'bubble'],
    ['the footer', 'muted', 'bubble'],
    ['the caption under the phone', 'muted', 'chat'],
    ['a button', 'link', 'bubble'],
  ])('%s', (_what, text, background) => {
    expect(contrast(vars[text]!, vars[background]!)).toBeGreaterThanOrEqual(AA);
  });

  it("a media header's placeholder words", () => {
    expect(contrast(vars.muted!, over(vars.code!, vars.bubble!))).toBeGreaterThanOrEqual(AA);
  });
});
