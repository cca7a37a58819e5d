import { LOCALE_PATTERN } from '../../schemas/constants.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { buildBootData } from './buildBootData.ts';
import type { TemplateVersion } from './IndexTemplate.ts';
import { renderIndexHtml } from './renderIndexHtml.ts';
import { serializeForScript } from './serializeForScript.ts';

/**
 * index.html per mandant and language. Boot data only changes on restart, so it is serialized once per
 * mandant and language; the page is rendered once per template version.
 */
export class IndexPages {
  readonly #bootData = new Map<string, string>();
  readonly #pages = new Map<string, string>();
  #templateVersion: string | undefined;

  render(template: TemplateVersion, mandant: LoadedMandant, language: string): string {
    if (template.version !== this.#templateVersion) {
      this.#pages.clear();
      this.#templateVersion = template.version;
    }
    const key = `${mandant.id}\n${language}`;
    let html = this.#pages.get(key);
    if (html === undefined) {
      html = renderIndexHtml(template.text, {
        lang: language,
        title: mandant.config.name,
        faviconHref: mandant.response.theme.favicon,
        bootDataJson: this.#bootDataJson(key, mandant, language),
      });
      this.#pages.set(key, html);
    }
    return html;
  }

  #bootDataJson(key: string, mandant: LoadedMandant, language: string): string {
    let json = this.#bootData.get(key);
    if (json === undefined) {
      json = serializeForScript(buildBootData(mandant, language));
      this.#bootData.set(key, json);
    }
    return json;
  }
}

/** SPEC section 2: the first path segment if it is an offered language, else the mandant's default. */
export function pageLanguage(pathname: string, mandant: LoadedMandant): string {
  const first = pathname.split('/')[1] ?? '';
  const { Sprache, Standard } = mandant.config.SupportedLanguage;
  return LOCALE_PATTERN.test(first) && Sprache.includes(first) ? first : Standard;
}
