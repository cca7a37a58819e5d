import { createHash } from 'node:crypto';
import { themeStylesheet } from '../../domain/theme.ts';
import { type BootData, type KeyValue, MANDANT_ASSETS_PREFIX } from '../../schemas/api.ts';
import { LOCALE_PATTERN } from '../../schemas/constants.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { buildBootData } from './buildBootData.ts';
import type { TemplateVersion } from './IndexTemplate.ts';
import { renderIndexHtml } from './renderIndexHtml.ts';
import { serializeForScript } from './serializeForScript.ts';

/** The theme's file name among a mandant's assets (generated from mandant.json, not a file). */
export const THEME_STYLESHEET = 'theme.css';

export interface IndexPage {
  texts: readonly KeyValue[];
  /** index.html with the mandant's boot data, before any first paint is rendered into it. */
  html: string;
  boot: BootData;
}

/**
 * index.html per mandant and language, rendered once per template version and UI texts. The texts come
 * from the mandant's content provider: the embedded provider hands out the same list every time (one
 * render until restart); a CMS's list changes when its cache revalidates, and the page follows.
 */
export class IndexPages {
  /** With the mandant object it was made from: the back office's settings replace it (server/backoffice/settings). */
  readonly #pages = new Map<string, IndexPage & { mandant: LoadedMandant }>();
  #templateVersion: string | undefined;

  render(
    template: TemplateVersion,
    mandant: LoadedMandant,
    language: string,
    texts: readonly KeyValue[] = mandant.languageContent.get(language) ?? [],
  ): IndexPage {
    if (template.version !== this.#templateVersion) {
      this.#pages.clear();
      this.#templateVersion = template.version;
    }
    const key = `${mandant.id}\n${language}`;
    const cached = this.#pages.get(key);
    if (cached && cached.mandant === mandant && (cached.texts === texts || sameTexts(cached.texts, texts)))
      return cached;
    const boot = { ...buildBootData(mandant, language), languageContent: [...texts] };
    const html = renderIndexHtml(template.text, {
      lang: language,
      title: mandant.config.name,
      faviconHref: mandant.response.theme.favicon,
      themeHref: themeHref(mandant),
      bootDataJson: serializeForScript(boot),
    });
    const page = { texts, html, boot, mandant };
    this.#pages.set(key, page);
    return page;
  }
}

function sameTexts(a: readonly KeyValue[], b: readonly KeyValue[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, index) => entry.Key === b[index]?.Key && entry.Value === b[index]?.Value)
  );
}

/** The mandant's theme stylesheet, named by its content so that a changed theme is fetched anew. */
export function themeHref(mandant: LoadedMandant): string {
  const version = createHash('sha256')
    .update(themeStylesheet(mandant.response.theme))
    .digest('hex')
    .slice(0, 12);
  return `${MANDANT_ASSETS_PREFIX}/${encodeURIComponent(mandant.id)}/${THEME_STYLESHEET}?v=${version}`;
}

/** SPEC section 2: the first path segment if it is an offered language, else the mandant's default. */
export function pageLanguage(pathname: string, mandant: LoadedMandant): string {
  const first = pathname.split('/')[1] ?? '';
  const { Sprache, Standard } = mandant.config.SupportedLanguage;
  return LOCALE_PATTERN.test(first) && Sprache.includes(first) ? first : Standard;
}
