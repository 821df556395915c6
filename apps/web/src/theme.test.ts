import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { createAppTheme, cssVariablesResolver, PALETTES } from './theme';

/** WCAG 2 relative luminance of an sRGB colour given as 0–255 channels. */
function luminance([r, g, b]: readonly number[]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

const channels = (color: string): number[] => {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (hex) return hex.slice(1).map((h) => parseInt(h, 16));
  const rgb = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (rgb) return rgb.slice(1).map(Number);
  throw new Error(`not a colour: ${color}`);
};

const contrast = (a: number[], b: number[]) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('light variant text (alert titles, badges) on its own background, on white', () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme('md', 'Close'));
  const variables = cssVariablesResolver(theme).light;
  it.each(['teal', 'green', 'lime', 'yellow', 'orange', 'cyan', 'red', 'blue'])(
    '%s reads at 4.5:1 or more',
    (color) => {
      // Mantine's light background: shade 6 at 10 % over the card's white.
      const over = channels(theme.colors[color]![6]).map((c) => 0.1 * c + 0.9 * 255);
      // The text: this app's darker colour where it sets one, Mantine's own (shade 9 in light mode) otherwise.
      const text = variables[`--mantine-color-${color}-light-color`] ?? theme.colors[color]![9];
      expect(contrast(channels(text), over)).toBeGreaterThanOrEqual(4.5);
    },
  );
});

describe("the palettes' text colours (spec §3) on the scheme's background and surface", () => {
  const backgrounds = { light: ['#ffffff', PALETTES.light.surface], dark: [PALETTES.dark.surface] } as const;
  for (const scheme of ['light', 'dark'] as const) {
    const { surface: _surface, border: _border, ...text } = PALETTES[scheme];
    it.each(Object.entries(text))(`${scheme}: %s reads at 4.5:1 or more`, (_name, color) => {
      for (const background of backgrounds[scheme]) {
        expect(contrast(channels(color), channels(background))).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});
