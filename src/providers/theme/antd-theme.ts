import { theme, type ThemeConfig } from 'antd';
/** The mode drawn: 'system' resolved to the device's. */
export type ResolvedThemeMode = 'light' | 'dark';

/** The brand colour of the logo; everything else comes from antd's light and dark algorithms. */
export const BRAND_COLOR = '#3559e0';
/** Links on a dark background need a lighter blue to stay readable (contrast above 4.5:1). */
const DARK_LINK_COLOR = '#8aa2ff';
/**
 * Hover colours that keep WCAG's 4.5:1 (found by the axe-core scans, tests/e2e/helpers/axe.ts).
 * antd's light hover #5f82ed is 3.55:1 with white (a hovered default button's or link's text, the
 * white text of a hovered primary button); a darker blue is 6.96:1 both ways. On the dark
 * background no one blue serves both: a hovered default button's text takes the dark link blue
 * (7.63:1 on #141414) and a hovered primary button a blue under white text at 5.07:1 (antd's
 * #5877d7 is 4.42:1 and 4.17:1).
 */
const HOVER = {
  light: { token: { colorPrimaryHover: '#2a4bd0', colorLinkHover: '#2a4bd0' }, button: {} },
  dark: {
    token: { colorPrimaryHover: '#4465dc' },
    button: { defaultHoverColor: DARK_LINK_COLOR, defaultHoverBorderColor: DARK_LINK_COLOR },
  },
};
/**
 * Text in the brand colour: a selected tab, the sidebar's open page and the list pager's current
 * page (through --app-color-primary-text, AntdConfig.tsx), a link or text button of the primary
 * colour. The dark algorithm makes the brand #304fc1, 2.64:1 on the dark page and 2.02:1 on the
 * sidebar's selected row (the dark sweep's axe scans): text takes the dark link blue (7.63:1 and
 * 5.83:1) and a lighter one hovered, while what is filled with the brand keeps it under white
 * text. In light antd's text hover #5f82ed is 3.55:1 on white; it takes the light hover blue.
 */
const PRIMARY_TEXT = {
  light: { colorPrimaryTextHover: HOVER.light.token.colorPrimaryHover },
  dark: {
    colorPrimaryText: DARK_LINK_COLOR,
    colorPrimaryTextHover: '#a9bcff',
    colorPrimaryTextActive: DARK_LINK_COLOR,
  },
};
/** A tab's words take the primary text colours; antd draws them in the brand's (see PRIMARY_TEXT). */
const TABS = {
  light: {},
  dark: {
    itemSelectedColor: PRIMARY_TEXT.dark.colorPrimaryText,
    itemHoverColor: PRIMARY_TEXT.dark.colorPrimaryTextHover,
    itemActiveColor: PRIMARY_TEXT.dark.colorPrimaryTextActive,
  },
};
/**
 * Hints and descriptions (a form field's `extra`, a list item's description) in the secondary text
 * colour: antd's default, 45% of the text colour, is 3.36:1 on white and under 4.5:1 on the dark
 * background too (the same scans). A table's or list's "nothing here" line takes it too: antd
 * draws it in the disabled colour, 1.83:1 on white, and it is a sentence to read, not a control
 * that is off.
 */
const DESCRIPTION_COLOR = { light: 'rgba(0, 0, 0, 0.65)', dark: 'rgba(255, 255, 255, 0.65)' };
/**
 * Placeholders: antd's 25% of the text colour is 1.83:1 on white. A list's filters (Role, Status…)
 * and the select stand-in show only their placeholder as a label, so it must be read: 4.5:1 at
 * least (the Spanish sweep's axe scans found it on every filtered list), still lighter than a value.
 */
const PLACEHOLDER_COLOR = { light: 'rgba(0, 0, 0, 0.56)', dark: 'rgba(255, 255, 255, 0.5)' };
/**
 * Error text (a form's messages, a danger button's label, the 500 page): antd's #ff4d4f is 3.27:1
 * on white; this red is 5.24:1. In the dark its red, #dc4446, is 4.35:1 on #141414; the dark
 * algorithm makes #dc5e5e of this seed, 5.09:1 (4.57:1 on an error tag's tint).
 */
const ERROR_SEED = { light: '#d32029', dark: '#ff6b6b' };
/**
 * A tag's text on its tint. In light mode antd writes a preset tag in shade 7 of its colour and a
 * status tag in the status colour, which for green, gold, orange, cyan, lime and volcano and for
 * success and warning is under 4.5:1 on the tint (green 3.37:1, gold 2.76:1); shade 8 (9 for gold
 * and lime) passes. Only the Tag's own tokens change: a success icon or a warning alert keeps
 * antd's colours, which as graphics need only 3:1.
 */
const TAG_TEXT = {
  light: {
    green7: '#237804',
    gold7: '#874d00',
    orange7: '#ad4e00',
    cyan7: '#006d75',
    lime7: '#3f6600',
    volcano7: '#ad2102',
    colorSuccess: '#237804',
    colorWarning: '#874d00',
    // 'processing': antd's info blue #1677ff is 3.66:1 on its tint; blue 7 is 5.50:1.
    colorInfo: '#0958d9',
  },
  // The dark algorithm's purple, geekblue and info blue are 3.39, 4.16 and 3.35:1 on their tints;
  // shade 8 and a lighter blue pass.
  dark: { purple7: '#ab7ae0', geekblue7: '#7f9ef3', colorInfo: '#4a8fe6' },
};

/**
 * A switch that is off: its words ('No', 'Cerrado') are white on antd's 25% grey, 1.83:1 (the
 * venue hours and the senders' switches), and on its 45% hover grey in the dark, 3.9:1. The off
 * track darkens in light mode (white text 4.95:1, hovered 7:1) and the dark hover stays dimmer.
 */
const SWITCH_OFF = {
  light: { colorTextQuaternary: 'rgba(0, 0, 0, 0.56)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
  dark: { colorTextTertiary: 'rgba(255, 255, 255, 0.35)' },
};

/** antd's theme for a resolved mode: the brand, and the colours that keep WCAG AA contrast. */
export function antdTheme(mode: ResolvedThemeMode, { motion }: { motion: boolean }): ThemeConfig {
  const light = mode === 'light';
  return {
    algorithm: light ? theme.defaultAlgorithm : theme.darkAlgorithm,
    token: {
      colorPrimary: BRAND_COLOR,
      colorLink: light ? BRAND_COLOR : DARK_LINK_COLOR,
      colorTextDescription: DESCRIPTION_COLOR[mode],
      colorTextPlaceholder: PLACEHOLDER_COLOR[mode],
      colorError: ERROR_SEED[mode],
      ...HOVER[mode].token,
      ...PRIMARY_TEXT[mode],
      motion,
    },
    components: {
      Button: HOVER[mode].button,
      Table: { colorTextDisabled: DESCRIPTION_COLOR[mode] },
      List: { colorTextDisabled: DESCRIPTION_COLOR[mode] },
      // A description list's labels: antd's 45% grey (an event's details) is 3.36:1 on white.
      Descriptions: { labelColor: DESCRIPTION_COLOR[mode] },
      Switch: SWITCH_OFF[mode],
      Tag: TAG_TEXT[mode],
      Tabs: TABS[mode],
      // The days of the months before and after on the events calendar are days to press, drawn
      // in antd's disabled grey (1.83:1 on white, 2.24:1 in the dark): the description grey.
      Calendar: { colorTextDisabled: DESCRIPTION_COLOR[mode] },
    },
  };
}
