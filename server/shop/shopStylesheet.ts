import type { MandantConfig } from '../../schemas/api.ts';

type ThemeColors = MandantConfig['theme']['colors'];

/** Used where a mandant has no colour of its own (the index page, a colour the theme leaves out). */
const FALLBACK = {
  primary: '#2B4C6F',
  onPrimary: '#FFFFFF',
  background: '#FFFFFF',
  surface: '#F5F6F8',
  text: '#1F2328',
  muted: '#5A6270',
  border: '#8A929E',
  focus: '#1B5FB4',
  error: '#B3261E',
} as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The shop in the mandant's colours. Only pairs the mandant validator checks for contrast (WCAG 2.1 AA,
 * domain/contrast.ts) are put on top of each other: text, muted and error on background, onPrimary on
 * primary, focus and border against background. Colours are checked again here: they end up in CSS.
 */
export function shopStylesheet(colors: ThemeColors | undefined): string {
  const own = (colors ?? {}) as Partial<Record<keyof typeof FALLBACK, string>>;
  const color = (name: keyof typeof FALLBACK) => {
    const value = own[name];
    return value && HEX.test(value) ? value : FALLBACK[name];
  };
  return `:root {
  --primary: ${color('primary')};
  --on-primary: ${color('onPrimary')};
  --background: ${color('background')};
  --surface: ${color('surface')};
  --text: ${color('text')};
  --muted: ${color('muted')};
  --border: ${color('border')};
  --focus: ${color('focus')};
  --error: ${color('error')};
}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; line-height: 1.5; color: var(--text); background: var(--background); }
.top { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 1rem; padding: 1rem 1.5rem; background: var(--primary); color: var(--on-primary); }
.top a { color: var(--on-primary); }
.top :focus-visible { outline-color: var(--on-primary); }
.brand { margin: 0; font-size: 1.25rem; font-weight: 700; }
main, footer { max-width: 40rem; margin: 0 auto; padding: 1.5rem; }
footer { color: var(--muted); font-size: 0.9rem; }
.facts { background: var(--surface); padding: 1rem; border-radius: 8px; }
.facts div { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.facts dt { font-weight: 700; }
.facts dt::after { content: ':'; }
.facts dd { margin: 0; }
.field { margin-bottom: 1rem; }
label { display: block; margin-bottom: 0.25rem; font-weight: 600; }
input { width: 100%; padding: 0.5rem; font: inherit; color: var(--text); background: var(--background); border: 1px solid var(--border); border-radius: 4px; }
input[aria-invalid='true'] { border: 2px solid var(--error); }
.error { margin: 0.25rem 0 0; color: var(--error); }
.alert { margin: 1rem 0; padding: 0 1rem; border: 2px solid var(--error); border-radius: 8px; }
.alert a { color: var(--error); }
.button { display: inline-block; padding: 0.75rem 1.25rem; font: inherit; font-weight: 600; color: var(--on-primary); background: var(--primary); border: 0; border-radius: 6px; cursor: pointer; }
.crm { margin-top: 2rem; padding: 0 1rem 1rem; border: 1px dashed var(--border); border-radius: 8px; }
.code { color: var(--muted); font-size: 0.9rem; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
`;
}
