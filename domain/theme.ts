import type { Theme, ThemeColors } from '../schemas/api.ts';

/** Theme colour token → CSS custom property. The defaults live in base.css under the same names. */
export const COLOR_VARS: Readonly<Record<keyof ThemeColors, string>> = {
  primary: '--color-primary',
  onPrimary: '--color-on-primary',
  secondary: '--color-secondary',
  onSecondary: '--color-on-secondary',
  background: '--color-background',
  surface: '--color-surface',
  text: '--color-text',
  muted: '--color-muted',
  border: '--color-border',
  focus: '--color-focus',
  error: '--color-error',
  success: '--color-success',
};

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const LENGTH = /^[0-9.]+(px|rem)$/;
// A font stack is names, quotes, commas and spaces; anything else could end the declaration early.
const FONT_STACK = /^[\w\s,'"-]+$/;

/**
 * The CSS custom properties a theme sets. Only valid values are returned (the mandant schema uses the
 * same patterns), so a broken theme falls back to the base.css defaults instead of breaking the page.
 */
export function themeToCssVars(theme: Theme | undefined): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [token, property] of Object.entries(COLOR_VARS) as [keyof ThemeColors, string][]) {
    const value = theme?.colors?.[token];
    if (value && HEX_COLOR.test(value)) vars[property] = value.toLowerCase();
  }
  const { body, heading } = theme?.fonts ?? {};
  if (body && FONT_STACK.test(body)) vars['--font-body'] = body;
  if (heading && FONT_STACK.test(heading)) vars['--font-heading'] = heading;
  if (theme?.radius && LENGTH.test(theme.radius)) vars['--radius'] = theme.radius;
  if (theme?.spacing && LENGTH.test(theme.spacing)) vars['--space'] = theme.spacing;
  return vars;
}

/**
 * The theme as a stylesheet: the server links it in every page's head, so the first paint has the
 * mandant's colours, fonts and spacing before any script runs (no reflow when the runtime applies them).
 */
export function themeStylesheet(theme: Theme | undefined): string {
  const declarations = Object.entries(themeToCssVars(theme)).map(
    ([property, value]) => `  ${property}: ${value};`,
  );
  return `:root {\n${declarations.join('\n')}\n}\n`;
}
