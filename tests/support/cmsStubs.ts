import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Footnote, RichTextDocument, RichTextNode } from '../../schemas/content.ts';

/**
 * Local stand-ins for the two headless CMSs, answering in their documented shapes (server/content/README.md
 * lists what the providers rely on). Tests start them on a free loopback port, point a mandant's `content`
 * at them by configuration, and can make them refuse a token once, answer garbage, answer slowly or die.
 */

/** What a CMS stand-in holds, per language. Rich text bodies use our link ids (footnote:, route:). */
export interface CmsLanguageContent {
  entries: Record<string, { title: string; body: RichTextDocument }>;
  faqCategories: { key: string; title: string; position: number }[];
  faqItems: { key: string; category: string; question: string; answer: RichTextDocument; position: number }[];
  keyVisuals: Record<string, { headline: string; text?: string; image?: string; imageAlt?: string }>;
  footnotes: Footnote[];
  variables: Record<string, string>;
  agencyVariables: { agency: string; name: string; value: string }[];
  texts: Record<string, string>;
}

export type CmsContent = Record<string, CmsLanguageContent>;

export interface CmsStandIn {
  /** Base URL to put into the mandant's `content.url`. */
  readonly url: string;
  /** Every request so far: `METHOD /path` (no query). */
  readonly requests: string[];
  /** Every request answered so far, in the same form (a slow stand-in answers later than it is asked). */
  readonly answered: string[];
  /** How many requests matched `pattern`. */
  count(pattern: RegExp): number;
  /** `ok`, `malformed` (200 with JSON in the wrong shape), `error` (HTTP 500), `slow` (answers after delayMs). */
  mode: 'ok' | 'malformed' | 'error' | 'slow';
  delayMs: number;
  content: CmsContent;
  close(): Promise<void>;
}

/** A 1×1 transparent PNG: the image every stand-in asset serves. */
export const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const SQUIDEX_CLIENT = { id: 'platform-reader', secret: 'sq-secret-must-never-leak' };
export const CONTENTFUL_TOKEN = 'cda-token-must-never-leak';

const text = (value: string): RichTextNode => ({ nodeType: 'text', value, marks: [], data: {} });
/** A document of paragraphs; `[^id]` in a paragraph becomes a footnote reference. */
export function paragraphs(...texts: string[]): RichTextDocument {
  return {
    nodeType: 'document',
    data: {},
    content: texts.map((value) => {
      const [before, footnote] = value.split(/\[\^([a-z0-9-]+)\]/);
      const content: RichTextDocument['content'] = [text(before ?? '')];
      if (footnote) {
        content.push({
          nodeType: 'embedded-entry-inline',
          data: { target: { sys: { type: 'Link', linkType: 'Entry', id: `footnote:${footnote}` } } },
          content: [],
        });
      }
      return { nodeType: 'paragraph', data: {}, content };
    }),
  };
}

/**
 * Content that differs visibly from the embedded files ("aus dem CMS"), with every entry the _base pages
 * show (imprint, privacy, tos, participation-terms, accessibility, contact, demo-note), so that a mandant
 * switched to a stand-in renders all its legal and help pages.
 */
export function cmsFixture(source: 'Squidex' | 'Contentful'): CmsContent {
  const language = (de: boolean): CmsLanguageContent => {
    const entry = (title: string, ...body: string[]) => ({ title, body: paragraphs(...body) });
    return {
      entries: {
        imprint: entry(
          de ? `Impressum aus ${source}` : `Imprint from ${source}`,
          de
            ? 'Angaben gemäß § 5 DDG: {{firma.name}}'
            : 'Information pursuant to Section 5 DDG: {{firma.name}}',
        ),
        'demo-note': entry(de ? 'Hinweis' : 'Note', de ? 'Alles erfunden.' : 'All made up.'),
        privacy: entry(
          de ? `Datenschutz aus ${source}` : `Privacy from ${source}`,
          de ? 'Wir schützen Ihre Daten.' : 'We protect your data.',
        ),
        tos: entry(
          de ? `AGB aus ${source}` : `Terms from ${source}`,
          de ? 'Es gelten diese AGB.' : 'These terms apply.',
        ),
        'participation-terms': entry(
          de ? `Teilnahmebedingungen aus ${source}` : `Participation terms from ${source}`,
          de
            ? 'Teilnehmen können natürliche Personen ab 18 Jahren mit Wohnsitz in Deutschland.[^auszahlung]'
            : 'Natural persons aged 18 or over living in Germany can take part.[^auszahlung]',
        ),
        accessibility: entry(
          de ? `Barrierefreiheit aus ${source}` : `Accessibility from ${source}`,
          de ? 'Wir arbeiten an Barrierefreiheit.' : 'We work on accessibility.',
        ),
        contact: entry(
          de ? `Kontakt aus ${source}` : `Contact from ${source}`,
          de ? 'Schreiben Sie uns.' : 'Write to us.',
        ),
      },
      faqCategories: [{ key: 'allgemein', title: de ? 'Allgemein' : 'General', position: 1 }],
      faqItems: [
        {
          key: 'cms-frage',
          category: 'allgemein',
          question: de ? `Kommt diese Frage aus ${source}?` : `Does this question come from ${source}?`,
          answer: paragraphs(
            de ? 'Ja, die Prämie beträgt {{praemie.betrag}}.' : 'Yes, the reward is {{praemie.betrag}}.',
          ),
          position: 1,
        },
      ],
      keyVisuals: {
        home: {
          headline: de ? `Key Visual aus ${source}` : `Key visual from ${source}`,
          image: 'kv-asset-1',
          imageAlt: de ? 'Ein Bild' : 'A picture',
        },
      },
      footnotes: [
        {
          Id: 7,
          Identifier: 'auszahlung',
          Gruppe: 'praemie',
          Titel: de ? 'Auszahlung' : 'Payout',
          Inhalt: de ? 'Innerhalb von vier Wochen.' : 'Within four weeks.',
        },
      ],
      variables: {
        'firma.name': `${source} GmbH`,
        'praemie.betrag': de ? '30 €' : '€30',
        'support.email': 'cms-support@example.test',
      },
      agencyVariables: [{ agency: 'nordlicht', name: 'praemie.betrag', value: de ? '35 €' : '€35' }],
      texts: { 'pages.Imprint.title': de ? `Impressum (${source})` : `Imprint (${source})` },
    };
  };
  return { de: language(true), en: language(false) };
}

interface StandInOptions {
  content: CmsContent;
  handle: (request: IncomingMessage, url: URL, body: string, standIn: CmsStandIn) => Promise<Answer>;
}

type Answer = { status: number; json?: unknown; bytes?: Buffer; type?: string };

async function startStandIn(options: StandInOptions): Promise<CmsStandIn> {
  const requests: string[] = [];
  const answered: string[] = [];
  let server: Server | undefined;
  const standIn: CmsStandIn = {
    url: '',
    requests,
    answered,
    count: (pattern) => requests.filter((entry) => pattern.test(entry)).length,
    mode: 'ok',
    delayMs: 0,
    content: options.content,
    close: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  server = createServer((request, response) => {
    void respond(request, response);
  });
  async function respond(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const name = `${request.method} ${url.pathname}`;
    requests.push(name);
    response.on('finish', () => answered.push(name));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (standIn.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, standIn.delayMs));
    if (response.destroyed) return;
    if (standIn.mode === 'error') return send(response, { status: 500, json: { message: 'internal' } });
    if (standIn.mode === 'malformed') return send(response, { status: 200, json: { unexpected: [1, 2, 3] } });
    const answer = await options.handle(request, url, Buffer.concat(chunks).toString('utf8'), standIn);
    send(response, answer);
  }
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(standIn, { url: `http://127.0.0.1:${port}` });
  return standIn;
}

function send(response: ServerResponse, answer: Answer): void {
  if (answer.bytes) {
    response.writeHead(answer.status, { 'content-type': answer.type ?? 'application/octet-stream' });
    response.end(answer.bytes);
    return;
  }
  response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(answer.json ?? {}));
}

export interface SquidexStandIn extends CmsStandIn {
  /** Tokens issued so far. */
  readonly tokensIssued: number;
  /** Makes every token issued so far invalid: the next content call answers 401 once a new token is needed. */
  revokeTokens(): void;
  /** While true, tokens are issued but never accepted: every content call answers 401. */
  refuseTokens: boolean;
}

/**
 * Squidex: `POST /identity-server/connect/token` (client credentials, scope squidex-api),
 * `GET /api/content/{app}/{schema}` with items `{ id, data: { field: { iv | <lang>: value } } }`,
 * `POST /api/content/{app}/graphql` for the variables, `GET /api/assets/{app}/{id}`.
 */
export async function startSquidexStandIn(
  app: string,
  content = cmsFixture('Squidex'),
): Promise<SquidexStandIn> {
  const valid = new Set<string>();
  let issued = 0;
  const localised = (values: Record<string, unknown>) => values;
  const items = (standIn: CmsStandIn, schema: string): unknown[] | undefined => {
    const languages = Object.keys(standIn.content);
    const per = <T>(pick: (language: CmsLanguageContent) => T) =>
      localised(
        Object.fromEntries(
          languages.map((language) => [language, pick(standIn.content[language] as CmsLanguageContent)]),
        ),
      );
    const first = standIn.content[languages[0] ?? 'de'] as CmsLanguageContent;
    switch (schema) {
      case 'pages':
        return Object.keys(first.entries).map((slug, index) => ({
          id: `page-${index}`,
          data: {
            slug: { iv: slug },
            title: per((language) => language.entries[slug]?.title),
            body: per((language) => language.entries[slug]?.body),
          },
        }));
      case 'faq-categories':
        return first.faqCategories.map((category, index) => ({
          id: `cat-${index}`,
          data: {
            key: { iv: category.key },
            title: per((language) => language.faqCategories[index]?.title),
            position: { iv: category.position },
          },
        }));
      case 'faq-items':
        return first.faqItems.map((item, index) => ({
          id: `faq-${index}`,
          data: {
            key: { iv: item.key },
            category: { iv: [item.category] },
            question: per((language) => language.faqItems[index]?.question),
            answer: per((language) => language.faqItems[index]?.answer),
            position: { iv: item.position },
          },
        }));
      case 'key-visuals':
        return Object.entries(first.keyVisuals).map(([key, visual]) => ({
          id: `kv-${key}`,
          data: {
            key: { iv: key },
            headline: per((language) => language.keyVisuals[key]?.headline),
            image: { iv: visual.image ? [visual.image] : [] },
            imageAlt: per((language) => language.keyVisuals[key]?.imageAlt),
          },
        }));
      case 'footnotes':
        return first.footnotes.map((footnote, index) => ({
          id: `fn-${index}`,
          data: {
            footnoteId: { iv: footnote.Id },
            identifier: { iv: footnote.Identifier },
            group: { iv: footnote.Gruppe },
            title: per((language) => language.footnotes[index]?.Titel),
            content: per((language) => language.footnotes[index]?.Inhalt),
          },
        }));
      case 'agency-variables':
        return first.agencyVariables.map((variable, index) => ({
          id: `av-${index}`,
          data: {
            agency: { iv: variable.agency },
            name: { iv: variable.name },
            value: per((language) => language.agencyVariables[index]?.value),
          },
        }));
      case 'texts':
        return Object.keys(first.texts).map((key) => ({
          id: `text-${key}`,
          data: { key: { iv: key }, value: per((language) => language.texts[key]) },
        }));
      case 'languages':
        return languages.map((code) => ({
          id: `lang-${code}`,
          data: { key: { iv: code }, value: { iv: code === 'de' ? 'Deutsch' : 'English' } },
        }));
      default:
        return undefined;
    }
  };
  const authorised = (request: IncomingMessage) =>
    valid.has((request.headers.authorization ?? '').replace(/^Bearer /, ''));

  const standIn = (await startStandIn({
    content,
    handle: async (request, url, body, self) => {
      if (request.method === 'POST' && url.pathname === '/identity-server/connect/token') {
        const form = new URLSearchParams(body);
        const ok =
          form.get('grant_type') === 'client_credentials' &&
          form.get('scope') === 'squidex-api' &&
          form.get('client_id') === SQUIDEX_CLIENT.id &&
          form.get('client_secret') === SQUIDEX_CLIENT.secret;
        if (!ok) return { status: 400, json: { error: 'invalid_client' } };
        issued++;
        const token = `sq-token-${issued}`;
        if (!(self as SquidexStandIn).refuseTokens) valid.add(token);
        return {
          status: 200,
          json: { access_token: token, expires_in: 3600, token_type: 'Bearer', scope: 'squidex-api' },
        };
      }
      if (!authorised(request)) return { status: 401, json: { message: 'Unauthorized' } };
      const prefix = `/api/content/${app}/`;
      if (request.method === 'POST' && url.pathname === `${prefix}graphql`) {
        const query = String((JSON.parse(body) as { query?: string }).query ?? '');
        const language = /value \{ ([a-z]{2}) \}/.exec(query)?.[1] ?? 'de';
        if (!query.includes('queryVariablesContents'))
          return { status: 200, json: { errors: [{ message: 'unknown field' }] } };
        const values = self.content[language]?.variables ?? {};
        return {
          status: 200,
          json: {
            data: {
              queryVariablesContents: Object.entries(values).map(([name, value]) => ({
                data: { name: { iv: name }, value: { [language]: value } },
              })),
            },
          },
        };
      }
      if (request.method === 'GET' && url.pathname.startsWith(prefix)) {
        const found = items(self, url.pathname.slice(prefix.length));
        return found
          ? { status: 200, json: { total: found.length, items: found } }
          : { status: 404, json: {} };
      }
      if (request.method === 'GET' && url.pathname.startsWith(`/api/assets/${app}/`)) {
        return { status: 200, bytes: PNG_PIXEL, type: 'image/png' };
      }
      return { status: 404, json: {} };
    },
  })) as SquidexStandIn;
  Object.defineProperty(standIn, 'tokensIssued', { get: () => issued });
  standIn.revokeTokens = () => valid.clear();
  standIn.refuseTokens = false;
  return standIn;
}

/**
 * Contentful's Content Delivery API: `GET /spaces/{space}/environments/{env}/entries?content_type=&locale=`
 * with a Bearer token, `includes.Entry` for entries linked from rich text, `/locales`, `/assets/{id}` whose
 * file URL points at this stand-in's CDN path `/files/{id}.png`.
 */
export async function startContentfulStandIn(
  space: string,
  locales: Record<string, string>,
  content = cmsFixture('Contentful'),
): Promise<CmsStandIn> {
  const language = (locale: string | null) =>
    Object.entries(locales).find(([, code]) => code === locale)?.[0] ?? locale ?? 'de';
  const sys = (id: string, type: string) => ({
    id,
    type: 'Entry',
    contentType: { sys: { type: 'Link', linkType: 'ContentType', id: type } },
  });
  const entryLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });

  /** Rich text with Contentful's own entry ids, and the footnote entries they link to. */
  const withContentfulLinks = (document: RichTextDocument, lang: CmsLanguageContent, includes: unknown[]) => {
    const json = JSON.stringify(document).replace(
      /"id":"footnote:([a-z0-9-]+)"/g,
      (_match, identifier: string) => {
        const footnote = lang.footnotes.find((entry) => entry.Identifier === identifier);
        if (footnote) {
          includes.push({
            sys: sys(`cf-footnote-${identifier}`, 'footnote'),
            fields: {
              footnoteId: footnote.Id,
              identifier,
              group: footnote.Gruppe,
              title: footnote.Titel,
              content: footnote.Inhalt,
            },
          });
        }
        return `"id":"cf-footnote-${identifier}"`;
      },
    );
    return JSON.parse(json) as RichTextDocument;
  };

  const entries = (type: string, lang: CmsLanguageContent) => {
    const includes: unknown[] = [];
    let items: unknown[];
    switch (type) {
      case 'page':
        items = Object.entries(lang.entries).map(([slug, entry]) => ({
          sys: sys(`cf-page-${slug}`, 'page'),
          fields: { slug, title: entry.title, body: withContentfulLinks(entry.body, lang, includes) },
        }));
        break;
      case 'faqCategory':
        items = lang.faqCategories.map((category) => ({
          sys: sys(`cf-cat-${category.key}`, 'faqCategory'),
          fields: category,
        }));
        break;
      case 'faqItem':
        items = lang.faqItems.map((item) => {
          includes.push({
            sys: sys(`cf-cat-${item.category}`, 'faqCategory'),
            fields: lang.faqCategories.find((category) => category.key === item.category),
          });
          return {
            sys: sys(`cf-faq-${item.key}`, 'faqItem'),
            fields: {
              key: item.key,
              category: entryLink(`cf-cat-${item.category}`),
              question: item.question,
              answer: withContentfulLinks(item.answer, lang, includes),
              position: item.position,
            },
          };
        });
        break;
      case 'keyVisual':
        items = Object.entries(lang.keyVisuals).map(([key, visual]) => ({
          sys: sys(`cf-kv-${key}`, 'keyVisual'),
          fields: {
            key,
            headline: visual.headline,
            ...(visual.image
              ? { image: { sys: { type: 'Link', linkType: 'Asset', id: visual.image } } }
              : {}),
            imageAlt: visual.imageAlt,
          },
        }));
        break;
      case 'footnote':
        items = lang.footnotes.map((footnote) => ({
          sys: sys(`cf-footnote-${footnote.Identifier}`, 'footnote'),
          fields: {
            footnoteId: footnote.Id,
            identifier: footnote.Identifier,
            group: footnote.Gruppe,
            title: footnote.Titel,
            content: footnote.Inhalt,
          },
        }));
        break;
      case 'variable':
        items = Object.entries(lang.variables).map(([name, value]) => ({
          sys: sys(`cf-var-${name}`, 'variable'),
          fields: { name, value },
        }));
        break;
      case 'agencyVariable':
        items = lang.agencyVariables.map((variable, index) => ({
          sys: sys(`cf-av-${index}`, 'agencyVariable'),
          fields: variable,
        }));
        break;
      case 'languageText':
        items = Object.entries(lang.texts).map(([key, value]) => ({
          sys: sys(`cf-text-${key}`, 'languageText'),
          fields: { key, value },
        }));
        break;
      default:
        items = [];
    }
    return {
      sys: { type: 'Array' },
      total: items.length,
      skip: 0,
      limit: 1000,
      items,
      includes: { Entry: includes, Asset: [] },
    };
  };

  let standIn: CmsStandIn | undefined;
  standIn = await startStandIn({
    content,
    handle: async (request, url, _body, self) => {
      if (url.pathname.startsWith('/files/')) return { status: 200, bytes: PNG_PIXEL, type: 'image/png' };
      if (request.headers.authorization !== `Bearer ${CONTENTFUL_TOKEN}`) {
        return { status: 401, json: { sys: { type: 'Error', id: 'AccessTokenInvalid' } } };
      }
      const base = `/spaces/${space}/environments/master`;
      if (url.pathname === `${base}/locales`) {
        return {
          status: 200,
          json: {
            items: Object.entries(locales).map(([code, locale]) => ({
              code: locale,
              name: code === 'de' ? 'Deutsch' : 'English',
              default: code === 'de',
            })),
          },
        };
      }
      if (url.pathname === `${base}/entries`) {
        const lang = self.content[language(url.searchParams.get('locale'))];
        if (!lang) return { status: 400, json: { sys: { type: 'Error', id: 'BadRequest' } } };
        return { status: 200, json: entries(url.searchParams.get('content_type') ?? '', lang) };
      }
      if (url.pathname.startsWith(`${base}/assets/`)) {
        const id = url.pathname.slice(`${base}/assets/`.length);
        return {
          status: 200,
          json: {
            sys: { id, type: 'Asset' },
            fields: {
              title: 'Bild',
              file: {
                url: `${standIn?.url}/files/${id}.png`,
                contentType: 'image/png',
                details: { size: PNG_PIXEL.length, image: { width: 1, height: 1 } },
              },
            },
          },
        };
      }
      return { status: 404, json: { sys: { type: 'Error', id: 'NotFound' } } };
    },
  });
  return standIn;
}

/**
 * A copy of the repository's mandants folder in which some mandants take their content from a CMS — by
 * configuration alone, as an operator would switch them. Remove the copy when done.
 */
export async function mandantsUsingCms(
  content: Record<string, Record<string, unknown>>,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const { cp, mkdtemp, readFile, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const root = await mkdtemp(path.join(tmpdir(), 'mandants-cms-'));
  const dir = path.join(root, 'mandants');
  await cp(path.resolve(import.meta.dirname, '../../mandants'), dir, { recursive: true });
  for (const [mandant, settings] of Object.entries(content)) {
    const file = path.join(dir, mandant, 'mandant.json');
    const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    config.content = settings;
    await writeFile(file, JSON.stringify(config, null, 2));
  }
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}
