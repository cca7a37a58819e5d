import type { KeyValue } from '../../schemas/api.ts';
import { LOCALE_PATTERN } from '../../schemas/constants.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { buildBootData } from './buildBootData.ts';
import type { TemplateVersion } from './IndexTemplate.ts';
import { renderIndexHtml } from './renderIndexHtml.ts';
import { serializeForScript } from './serializeForScript.ts';

/**
 * index.html per mandant and language, rendered once per template version and UI texts. The texts come
 * from the mandant's content provider: the embedded provider hands out the same list every time (one
 * render until restart); a CMS's list changes when its cache revalidates, and the page follows.
 */
export class IndexPages {
  readonly #pages = new Map<string, { texts: readonly KeyValue[]; html: string }>();
  #templateVersion: string | undefined;

  render(
    template: TemplateVersion,
    mandant: LoadedMandant,
    language: string,
    texts: readonly KeyValue[] = mandant.languageContent.get(language) ?? [],
  ): string {
    if (template.version !== this.#templateVersion) {
      this.#pages.clear();
      this.#templateVersion = template.version;
    }
    const key = `${mandant.id}\n${language}`;
    const cached = this.#pages.get(key);
    if (cached && (cached.texts === texts || sameTexts(cached.texts, texts))) return cached.html;
    const html = renderIndexHtml(template.text, {
      lang: language,
      title: mandant.config.name,
      faviconHref: mandant.response.theme.favicon,
      bootDataJson: serializeForScript({ ...buildBootData(mandant, language), languageContent: [...texts] }),
    });
    this.#pages.set(key, { texts, html });
    return html;
  }
}

function sameTexts(a: readonly KeyValue[], b: readonly KeyValue[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, index) => entry.Key === b[index]?.Key && entry.Value === b[index]?.Value)
  );
}

/** SPEC section 2: the first path segment if it is an offered language, else the mandant's default. */
export function pageLanguage(pathname: string, mandant: LoadedMandant): string {
  const first = pathname.split('/')[1] ?? '';
  const { Sprache, Standard } = mandant.config.SupportedLanguage;
  return LOCALE_PATTERN.test(first) && Sprache.includes(first) ? first : Standard;
}
