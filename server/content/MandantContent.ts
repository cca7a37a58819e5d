import type { FastifyBaseLogger } from 'fastify';
import { joinMoneySpaces } from '../../domain/money.ts';
import { configTextVariables } from '../../domain/textVariables.ts';
import type { KeyValue } from '../../schemas/api.ts';
import type {
  ContentEntryResponse,
  ContentVariable,
  FaqResponse,
  Footnote,
  KeyVisualResponse,
} from '../../schemas/content.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { ContentCache } from './ContentCache.ts';
import { ContentFetchError, ContentFormatError, ContentUnavailableError } from './ContentErrors.ts';
import type { AssetFile, ContentKind, ContentKinds, ContentProvider } from './ContentProvider.ts';
import { OnceLog } from './OnceLog.ts';
import {
  type ContentProblem,
  footnoteIndex,
  type ResolveContext,
  resolveDocument,
  resolveText,
} from './resolveContent.ts';

/** SPEC section 8: the words the log uses when content could not be loaded. */
export const CONTENT_LOAD_FAILED = 'Fehler beim Laden des CMS Inhalts';

export interface MandantContentOptions {
  mandant: LoadedMandant;
  provider: ContentProvider;
  /** Content cache of a CMS provider; embedded content needs none (it is in memory). */
  cache?: ContentCache;
  /** Asset cache (bytes, memory only). */
  assetCache?: ContentCache;
  log: FastifyBaseLogger;
}

/**
 * The content of one mandant, as the content routes serve it: loaded through the cache from the provider,
 * resolved for the browser (variables, footnotes, route links, assets), with every failure logged once —
 * with the mandant and the entry — and never more than once per failure.
 */
export class MandantContent {
  readonly #mandant: LoadedMandant;
  readonly #provider: ContentProvider;
  readonly #cache: ContentCache | undefined;
  readonly #assetCache: ContentCache | undefined;
  readonly #log: FastifyBaseLogger;
  readonly #once = new OnceLog();
  /** Cache keys whose provider fetch is failing; logged once until it works again. */
  readonly #failing = new Set<string>();
  readonly #routes: ReadonlySet<string>;
  /** The numbers texts take from the configuration (issue 18), beneath the content's own variables. */
  readonly #configVariables: Readonly<Record<string, string>>;

  constructor(options: MandantContentOptions) {
    this.#mandant = options.mandant;
    this.#provider = options.provider;
    this.#cache = options.cache;
    this.#assetCache = options.assetCache;
    this.#log = options.log.child({ mandant: options.mandant.id });
    this.#routes = new Set([
      ...Object.keys(options.mandant.config.routes),
      ...options.mandant.config.additionalRoutes.map((entry) => entry.RouteName),
    ]);
    this.#configVariables = configTextVariables(options.mandant.config);
  }

  async entry(language: string, id: string): Promise<ContentEntryResponse> {
    const entries = await this.#required('entries', language, id);
    const source = Object.hasOwn(entries, id) ? entries[id] : undefined;
    if (!source) throw this.#missing(language, id);
    const context = await this.#context(language, id);
    const { document, links } = resolveDocument(source.body, context, source.assets);
    return { id, title: resolveText(source.title, context), body: document, links };
  }

  async faq(language: string): Promise<FaqResponse> {
    const faq = await this.#required('faq', language, 'faq');
    const categories = new Set(faq.categories.map((category) => category.id));
    const response: FaqResponse = { categories: [], items: [], links: { entries: {}, assets: {} } };
    for (const item of faq.items) {
      if (!categories.has(item.category)) {
        this.#problem(language, `faq:${item.id}`, { kind: 'link', name: `category ${item.category}` });
        continue;
      }
      const context = await this.#context(language, `faq:${item.id}`);
      const { document, links } = resolveDocument(item.answer, context, item.assets);
      Object.assign(response.links.entries, links.entries);
      Object.assign(response.links.assets, links.assets);
      response.items.push({
        id: item.id,
        category: item.category,
        question: resolveText(item.question, context),
        answer: document,
      });
    }
    const used = new Set(response.items.map((item) => item.category));
    const context = await this.#context(language, 'faq');
    response.categories = faq.categories
      .filter((category) => used.has(category.id))
      .map((category) => ({ id: category.id, title: resolveText(category.title, context) }));
    return response;
  }

  async keyVisual(language: string, id: string): Promise<KeyVisualResponse> {
    const visuals = await this.#required('keyVisuals', language, `keyvisual:${id}`);
    const visual = Object.hasOwn(visuals, id) ? visuals[id] : undefined;
    if (!visual) throw this.#missing(language, `keyvisual:${id}`);
    const context = await this.#context(language, `keyvisual:${id}`);
    const response: KeyVisualResponse = { id, headline: resolveText(visual.headline, context) };
    if (visual.text) response.text = resolveText(visual.text, context);
    if (visual.image) {
      response.image = { id: visual.image, url: this.assetUrl(visual.image), alt: visual.imageAlt ?? '' };
    }
    if (visual.cta) {
      if (this.#routes.has(visual.cta.route)) {
        response.cta = { label: resolveText(visual.cta.label, context), route: visual.cta.route };
      } else {
        this.#problem(language, `keyvisual:${id}`, { kind: 'route', name: visual.cta.route });
      }
    }
    return response;
  }

  async footnotes(language: string, group?: string): Promise<Footnote[]> {
    const footnotes = await this.#required('footnotes', language, 'footnotes');
    const context = await this.#context(language, 'footnotes');
    return footnotes
      .filter((footnote) => group === undefined || footnote.Gruppe === group)
      .map((footnote) => ({
        ...footnote,
        Titel: resolveText(footnote.Titel, context),
        Inhalt: resolveText(footnote.Inhalt, context),
      }));
  }

  async footnote(language: string, identifier: string): Promise<Footnote> {
    const found = (await this.footnotes(language)).find((footnote) => footnote.Identifier === identifier);
    if (!found) throw this.#missing(language, `footnote:${identifier}`);
    return found;
  }

  /**
   * All variables, or the ones named (unknown names are left out and logged once). For an agency: the
   * mandant's, the content's values for the agency over them, and the agency's own (`agencyOwn`, what it
   * stored with PUT content/agenturvariables) over those.
   */
  async variables(
    language: string,
    names?: readonly string[],
    agency?: string,
    agencyOwn: Readonly<Record<string, string>> = {},
  ): Promise<ContentVariable[]> {
    const own = await this.#required('variables', language, 'variables');
    let values = own;
    if (agency !== undefined) {
      const agencies = await this.#required('agencyVariables', language, `agency:${agency}`);
      values = { ...own, ...(Object.hasOwn(agencies, agency) ? agencies[agency] : {}), ...agencyOwn };
    }
    const wanted = names ?? Object.keys(values);
    return wanted.flatMap((name) => {
      if (Object.hasOwn(values, name)) return [{ name, value: joinMoneySpaces(values[name] as string) }];
      this.#problem(language, 'variables', { kind: 'variable', name });
      return [];
    });
  }

  /** The offered languages: the provider's list, or the mandant's when the provider has none or fails. */
  async languages(): Promise<KeyValue[]> {
    if (this.#provider.name === 'embedded') return this.#mandant.languages;
    const listed = await this.#load('languages', '', 'languages').catch(() => []);
    return listed.length > 0 ? dedupe(listed) : this.#mandant.languages;
  }

  /**
   * UI texts of a language: the mandant's i18n files (over _base), with a CMS's texts merged over them, so
   * the UI works even while the CMS is down. Undefined when neither offers the language.
   */
  async languageContent(language: string): Promise<KeyValue[] | undefined> {
    const own = this.#mandant.languageContent.get(language);
    if (this.#provider.name === 'embedded') return own;
    const offered = own !== undefined || (await this.languages()).some((entry) => entry.Key === language);
    if (!offered) return undefined;
    const texts = await this.#load('texts', language, 'texts').catch(() => ({}));
    const merged = new Map((own ?? []).map(({ Key, Value }) => [Key, Value]));
    for (const [Key, Value] of Object.entries(texts)) merged.set(Key, Value);
    return [...merged].map(([Key, Value]) => ({ Key, Value }));
  }

  async asset(id: string): Promise<AssetFile> {
    const load = (signal: AbortSignal) => this.#provider.asset(id, signal);
    try {
      return this.#assetCache
        ? await this.#assetCache.get(`asset:${id}`, load, false)
        : await load(new AbortController().signal);
    } catch (error) {
      const status = error instanceof ContentFetchError ? error.status : undefined;
      if (status === 404) throw this.#missing('', `asset:${id}`);
      if (status === 413) throw new ApiProblem('PSOF0121');
      this.#reportFailure(`asset:${id}`, `asset:${id}`, error);
      throw new ApiProblem(error instanceof ContentFormatError ? 'PSOF0120' : 'PSOF0102');
    }
  }

  assetUrl(id: string): string {
    return `/api/v1/${encodeURIComponent(this.#mandant.id)}/content/assets/${encodeURIComponent(id)}`;
  }

  /** A kind of content the answer cannot do without: unavailable means 502 PSOF0102. */
  async #required<K extends ContentKind>(kind: K, language: string, entry: string): Promise<ContentKinds[K]> {
    try {
      return await this.#load(kind, language, entry);
    } catch {
      throw new ApiProblem('PSOF0102');
    }
  }

  #load<K extends ContentKind>(kind: K, language: string, entry: string): Promise<ContentKinds[K]> {
    const key = `${kind}:${language}`;
    const load = (signal: AbortSignal) =>
      this.#provider.fetch(kind, language, signal).then(
        (value) => {
          if (this.#failing.delete(key)) this.#log.info({ key }, 'CMS content is reachable again');
          return value;
        },
        (error: unknown) => {
          this.#reportFailure(key, entry, error);
          throw error;
        },
      );
    if (!this.#cache) return load(new AbortController().signal);
    return this.#cache.get(key, load).catch((error: unknown) => {
      // No copy and no answer within the budget: the fetch may still be running; say so once now.
      if (error instanceof ContentUnavailableError) this.#reportFailure(key, entry, error);
      throw error;
    });
  }

  #reportFailure(key: string, entry: string, error: unknown): void {
    if (this.#failing.has(key)) return;
    this.#failing.add(key);
    const reason = error instanceof Error ? error.message : 'unknown failure';
    this.#log.error({ entry, key, provider: this.#provider.name, reason }, CONTENT_LOAD_FAILED);
  }

  /**
   * Variables and footnotes for resolving a text; the text still renders when they are unavailable. The
   * configuration's text variables ({{anteilEmpfehler}}, …: domain/textVariables.ts) lie beneath the
   * provider's, so content of every provider can say the configured split.
   */
  async #context(language: string, entry: string): Promise<ResolveContext> {
    const [variables, footnotes] = await Promise.all([
      this.#load('variables', language, entry).catch(() => ({})),
      this.#load('footnotes', language, entry).catch(() => []),
    ]);
    return {
      variables: { ...this.#configVariables, ...variables },
      footnotes: footnoteIndex(footnotes),
      routes: this.#routes,
      assetUrl: (id) => this.assetUrl(id),
      report: (problem) => this.#problem(language, entry, problem),
    };
  }

  #problem(language: string, entry: string, problem: ContentProblem): void {
    this.#once.log(`${language}|${entry}|${problem.kind}|${problem.name}`, () =>
      this.#log.warn(
        { entry, language, [problem.kind]: problem.name },
        `content ${entry}: ${problem.kind} "${problem.name}" cannot be resolved; rendered without it`,
      ),
    );
  }

  #missing(language: string, entry: string): ApiProblem {
    this.#once.log(`${language}|${entry}|missing`, () =>
      this.#log.warn({ entry, language }, `content ${entry} does not exist`),
    );
    return new ApiProblem('PSOF0120');
  }

  /** Malformed items in a CMS answer (the rest is served). */
  reportMalformed(message: string): void {
    this.#once.log(`malformed|${message}`, () => this.#log.warn({ provider: this.#provider.name }, message));
  }
}

function dedupe(languages: KeyValue[]): KeyValue[] {
  const seen = new Map<string, KeyValue>();
  for (const language of languages) if (!seen.has(language.Key)) seen.set(language.Key, language);
  return [...seen.values()];
}
