import { ContentFetchError, ContentFormatError } from '../ContentErrors.ts';
import {
  type ContentKind,
  type ContentKinds,
  type ContentProvider,
  isCmsImageType,
  MAX_ASSET_BYTES,
} from '../ContentProvider.ts';
import {
  type FieldReader,
  type Report,
  toAgencyVariables,
  toEntries,
  toFaq,
  toFootnotes,
  toKeyVisuals,
  toLanguages,
  toTexts,
  toVariables,
} from '../cmsMapping.ts';
import { isRecord, list } from '../cmsValues.ts';
import { providerFetch, providerJson, trimBase } from '../providerHttp.ts';
import { squidexTokens } from './squidexTokens.ts';

export interface SquidexSettings {
  url: string;
  app: string;
  clientId: string;
  clientSecret: string;
  report: Report;
}

/** Schema names (server/content/README.md). */
const SCHEMAS = {
  pages: 'pages',
  faqCategories: 'faq-categories',
  faqItems: 'faq-items',
  keyVisuals: 'key-visuals',
  footnotes: 'footnotes',
  agencyVariables: 'agency-variables',
  texts: 'texts',
  languages: 'languages',
} as const;

/** GraphQL query of the `variables` schema: `name` is invariant, `value` localised. */
const VARIABLES_QUERY_NAME = 'queryVariablesContents';
const LANGUAGE = /^[a-z]{2}$/;

/**
 * Squidex: a token by client credentials (retried once with a fresh token on HTTP 401), content by
 * `GET {url}/api/content/{app}/{schema}`, variables by a GraphQL query, assets at
 * `{url}/api/assets/{app}/{id}`. Field values are `{ "<language>": … }` or `{ "iv": … }`.
 */
export function squidexProvider(settings: SquidexSettings): ContentProvider {
  const base = trimBase(settings.url);
  const app = encodeURIComponent(settings.app);
  const tokens = squidexTokens(base, settings.clientId, settings.clientSecret);

  /** One call with the current token; on 401 one more with a fresh token, then the failure stands. */
  async function authorized<T>(signal: AbortSignal, call: (token: string) => Promise<T>): Promise<T> {
    const token = await tokens.get(signal);
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof ContentFetchError) || error.status !== 401) throw error;
      tokens.invalidate(token);
      return call(await tokens.get(signal));
    }
  }

  async function contents(schema: string, language: string, signal: AbortSignal): Promise<unknown[]> {
    const answer = await authorized(signal, (token) =>
      providerJson(`${base}/api/content/${app}/${schema}`, {
        // X-Languages limits the answer to the language asked for (invariant fields always come as iv).
        headers: { authorization: `Bearer ${token}`, ...(language ? { 'x-languages': language } : {}) },
        signal,
        label: `squidex ${schema}`,
      }),
    );
    if (!isRecord(answer) || !Array.isArray(answer.items)) {
      throw new ContentFormatError(`squidex ${schema}: no items in the answer`);
    }
    return answer.items;
  }

  const read =
    (language: string): FieldReader =>
    (item, field) => {
      const data = isRecord(item) && isRecord(item.data) ? item.data : {};
      const value = data[field];
      if (!isRecord(value)) return undefined;
      const localised = Object.hasOwn(value, language) ? value[language] : value.iv;
      // Reference and asset fields hold lists of ids; our model takes the first.
      return Array.isArray(localised) && field !== 'body' && field !== 'answer' ? localised[0] : localised;
    };

  const kinds: { [K in ContentKind]: (language: string, signal: AbortSignal) => Promise<ContentKinds[K]> } = {
    entries: async (language, signal) =>
      toEntries(await contents(SCHEMAS.pages, language, signal), read(language), settings.report),
    faq: async (language, signal) => {
      const [categories, items] = await Promise.all([
        contents(SCHEMAS.faqCategories, language, signal),
        contents(SCHEMAS.faqItems, language, signal),
      ]);
      return toFaq(categories, items, read(language), settings.report);
    },
    keyVisuals: async (language, signal) =>
      toKeyVisuals(await contents(SCHEMAS.keyVisuals, language, signal), read(language), settings.report),
    footnotes: async (language, signal) =>
      toFootnotes(await contents(SCHEMAS.footnotes, language, signal), read(language), settings.report),
    variables: async (language, signal) => {
      if (!LANGUAGE.test(language)) throw new ContentFetchError(`squidex variables: bad language`);
      const query = `{ ${VARIABLES_QUERY_NAME} { data { name { iv } value { ${language} } } } }`;
      const answer = await authorized(signal, (token) =>
        providerJson(`${base}/api/content/${app}/graphql`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
          signal,
          label: 'squidex variables (GraphQL)',
        }),
      );
      if (!isRecord(answer) || list(answer.errors).length > 0 || !isRecord(answer.data)) {
        throw new ContentFormatError('squidex variables (GraphQL): errors or no data in the answer');
      }
      const items = list(answer.data[VARIABLES_QUERY_NAME]);
      return toVariables(items, read(language), settings.report);
    },
    agencyVariables: async (language, signal) =>
      toAgencyVariables(
        await contents(SCHEMAS.agencyVariables, language, signal),
        read(language),
        settings.report,
      ),
    texts: async (language, signal) =>
      toTexts(await contents(SCHEMAS.texts, language, signal), read(language), settings.report),
    languages: async (_language, signal) => {
      const items = await contents(SCHEMAS.languages, '', signal);
      const reader = read('');
      return toLanguages(
        items.map((item) => ({ code: reader(item, 'key'), name: reader(item, 'value') })),
        settings.report,
      );
    },
  };

  return {
    name: 'squidex',
    fetch: (kind, language, signal) => kinds[kind](language, signal),
    async asset(id, signal) {
      const { body, contentType } = await authorized(signal, (token) =>
        providerFetch(
          `${base}/api/assets/${app}/${encodeURIComponent(id)}`,
          { headers: { authorization: `Bearer ${token}` }, signal, label: 'squidex asset' },
          MAX_ASSET_BYTES,
        ),
      );
      const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!isCmsImageType(type)) throw new ContentFormatError('squidex asset: not an image');
      return { contentType: type, body };
    },
  };
}
