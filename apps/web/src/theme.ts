import { createTheme, darken, rem, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import type { Preferences } from '@opencare/schemas/preferences';

/** The named colours of spec §3: their Mantine palette, and the exact shades per colour scheme. */
const SEMANTIC = {
  primary: 'teal',
  secondary: 'indigo',
  accent: 'grape',
  positive: 'green',
  negative: 'red',
  info: 'blue',
  warning: 'orange',
} as const;
export type SemanticColor = keyof typeof SEMANTIC;

/** Measurement ranges, from the reading furthest above normal to the one below it. */
export const MEASUREMENT_RANGES = ['highest', 'high', 'elevated', 'normal', 'lowest'] as const;
export type MeasurementRange = (typeof MEASUREMENT_RANGES)[number];

type Palette = Record<SemanticColor | MeasurementRange, string> & { surface: string; border: string };

// Shades chosen for at least 4.5:1 contrast against the scheme's background where they carry text.
export const PALETTES: Record<'light' | 'dark', Palette> = {
  light: {
    primary: '#087f5b',
    secondary: '#3b5bdb',
    accent: '#9c36b5',
    positive: '#237a36',
    negative: '#c92a2a',
    info: '#1971c2',
    // Orange 9 (#d9480f) reads at only 4.3:1 on white.
    warning: '#c2410c',
    highest: '#a61e4d',
    // Range names are written in these colours (badges): each at least 4.8:1 on white and the surface.
    high: '#c92a2a',
    elevated: '#a85400',
    normal: '#237a36',
    lowest: '#1864ab',
    surface: '#f8f9fa',
    border: '#dee2e6',
  },
  dark: {
    primary: '#38d9a9',
    secondary: '#91a7ff',
    accent: '#e599f7',
    positive: '#69db7c',
    negative: '#ff8787',
    info: '#74c0fc',
    warning: '#ffa94d',
    highest: '#f783ac',
    high: '#ff6b6b',
    elevated: '#ffd43b',
    normal: '#69db7c',
    lowest: '#74c0fc',
    surface: '#1a1b1e',
    border: '#373a40',
  },
};

/** Text size preference → factor on every Mantine font size (spec §3; md is Mantine's own scale). */
export const TEXT_SCALE: Record<Preferences['textSize'], number> = { sm: 0.875, md: 1, lg: 1.125, xl: 1.25 };

const FONT_SIZES = { xs: 12, sm: 14, md: 16, lg: 18, xl: 20 } as const;
const HEADINGS = { h1: 34, h2: 26, h3: 22, h4: 18, h5: 16, h6: 14 } as const;

function scaled<K extends string>(sizes: Record<K, number>, factor: number): Record<K, string> {
  return Object.fromEntries(Object.entries<number>(sizes).map(([k, px]) => [k, rem(px * factor)])) as Record<K, string>;
}

/**
 * The app's Mantine theme for one text size; the colour scheme comes from the theme preference.
 * `closeLabel`, in the language shown, names the close button of every dialog and drawer that does
 * not name its own: Mantine's is an icon alone, which a screen reader announces as "button".
 */
export function createAppTheme(textSize: Preferences['textSize'], closeLabel: string): MantineThemeOverride {
  const factor = TEXT_SCALE[textSize];
  const headings = scaled(HEADINGS, factor);
  return createTheme({
    primaryColor: SEMANTIC.primary,
    primaryShade: { light: 9, dark: 8 },
    defaultRadius: 'md',
    // People who ask their system for less motion get none: dialogs, menus and panels appear at once.
    respectReducedMotion: true,
    // System fonts only: the CSP allows no third-party font host, and every platform has an Arabic face.
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
    fontSizes: scaled(FONT_SIZES, factor),
    headings: {
      fontWeight: '650',
      sizes: {
        h1: { fontSize: headings.h1 },
        h2: { fontSize: headings.h2 },
        h3: { fontSize: headings.h3 },
        h4: { fontSize: headings.h4 },
        h5: { fontSize: headings.h5 },
        h6: { fontSize: headings.h6 },
      },
    },
    // Plain objects, not `Modal.extend()`: the theme is in the first load, the dialogs are not.
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
    },
    other: { semanticColors: SEMANTIC, palettes: PALETTES, textScale: factor },
  });
}

const cssVariables = (palette: Palette) =>
  Object.fromEntries(Object.entries(palette).map(([name, value]) => [`--oc-color-${name}`, value])) as Record<
    `--${string}`,
    string
  >;

/**
 * Light colours whose "light" variant text (shade 9 on shade 1) falls short of 4.5:1 (WCAG AA), and
 * how much darker their text is made. Yellow needs more: darkened by 0.2 its alert titles read at
 * 4.2:1 (axe caught it on a "fair" network verdict).
 */
const PALE = { teal: 0.2, green: 0.2, lime: 0.2, yellow: 0.3, orange: 0.2, cyan: 0.2 } as const;

/**
 * The palettes as CSS variables (`--oc-color-primary`, `--oc-color-high`, …) per colour scheme,
 * and Mantine's own text colours made dark enough to read on light backgrounds.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...cssVariables(PALETTES.light),
    '--mantine-color-dimmed': '#5c636a',
    // The primary shade is the darkest (9), so Mantine's hover would lighten it below 4.5:1.
    [`--mantine-color-${SEMANTIC.primary}-filled-hover`]: darken(theme.colors[SEMANTIC.primary]?.[9] ?? '#000', 0.15),
    ...Object.fromEntries(
      Object.entries(PALE).map(([color, by]) => [
        `--mantine-color-${color}-light-color`,
        darken(theme.colors[color]?.[9] ?? '#000', by),
      ]),
    ),
  },
  dark: cssVariables(PALETTES.dark),
});
