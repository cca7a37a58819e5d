/**
 * WCAG 2.1 contrast of theme colours, checked when mandants load (a mandant with unreadable colours does
 * not start) and by the mandant data tests.
 */
import type { ThemeColors } from '../schemas/api.ts';

/** Relative luminance of a #RRGGBB colour (WCAG 2.1 definition). */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

type ColorToken = keyof ThemeColors;

/** Which token is drawn on which: 4.5:1 for text (1.4.3), 3:1 for focus outlines and control borders (1.4.11). */
export const CONTRAST_PAIRS: readonly [ColorToken, ColorToken, number][] = [
  ['text', 'background', 4.5],
  ['text', 'surface', 4.5],
  ['muted', 'background', 4.5],
  ['muted', 'surface', 4.5],
  ['onPrimary', 'primary', 4.5],
  ['onSecondary', 'secondary', 4.5],
  ['primary', 'background', 4.5],
  ['primary', 'surface', 4.5],
  ['error', 'background', 4.5],
  ['success', 'background', 4.5],
  ['focus', 'background', 3],
  ['border', 'background', 3],
];

export interface ContrastProblem {
  foreground: ColorToken;
  background: ColorToken;
  /** the token that is not set, when one is missing */
  missing?: ColorToken;
  ratio?: number;
  minimum: number;
}

/** Every pair of CONTRAST_PAIRS that is unset or below its minimum. */
export function themeContrastProblems(colors: ThemeColors): ContrastProblem[] {
  return CONTRAST_PAIRS.flatMap(([foreground, background, minimum]): ContrastProblem[] => {
    const fg = colors[foreground];
    const bg = colors[background];
    if (!fg || !bg) return [{ foreground, background, minimum, missing: fg ? background : foreground }];
    const ratio = contrastRatio(fg, bg);
    return ratio >= minimum ? [] : [{ foreground, background, minimum, ratio }];
  });
}
