import { themeToCssVars } from '../../domain/theme.ts';
import type { Theme } from '../../schemas/api.ts';

const applied = new WeakMap<HTMLElement, readonly string[]>();

/**
 * Sets the theme's custom properties on the root element through the CSSOM. Our CSP has no
 * 'unsafe-inline', which blocks injected <style> elements but not `style.setProperty`. Properties a
 * previous theme set and this one does not are removed (Storybook switches themes in place).
 */
export function applyTheme(theme: Theme | undefined, root: HTMLElement = document.documentElement): void {
  const vars = themeToCssVars(theme);
  for (const property of applied.get(root) ?? []) {
    if (!(property in vars)) root.style.removeProperty(property);
  }
  for (const [property, value] of Object.entries(vars)) root.style.setProperty(property, value);
  applied.set(root, Object.keys(vars));
}

/** Points the page's icon at the mandant's favicon. */
export function applyFavicon(href: string, doc: Document = document): void {
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
  }
  link.href = href;
}
