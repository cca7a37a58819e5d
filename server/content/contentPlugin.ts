import path from 'node:path';
import { CONTENT_TIMEOUT_MS } from '../../schemas/constants.ts';
import { BASE_FOLDER } from '../mandants/loadMandants.ts';
import { ProblemList } from '../mandants/ProblemList.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { ContentCache } from './ContentCache.ts';
import { contentCacheStore } from './contentCacheStore.ts';
import { type ContentConfig, createCmsProvider } from './createProvider.ts';
import { loadEmbeddedContent } from './embedded/checkEmbeddedContent.ts';
import { embeddedProvider } from './embedded/embeddedProvider.ts';
import { MandantContent } from './MandantContent.ts';

export interface ContentOptions {
  /** A CMS copy younger than this is served without asking the CMS (default 60 s). */
  ttlMs?: number;
  /** How long a request waits for the CMS when there is no copy at all (default 3 s). */
  budgetMs?: number;
  /** Where the credential variables the mandants name are read (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
}

declare module '../config/ServerConfig.ts' {
  interface BuildAppOptions {
    /** Content cache timings and the environment for CMS credentials (server/content/README.md). */
    content?: ContentOptions;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The content of each mandant (server/content/README.md). */
    content: ContentRegistry;
  }
}

export interface ContentRegistry {
  /** The content of a loaded mandant (every loaded mandant has one). */
  of(mandantId: string): MandantContent;
}

export const DEFAULT_CONTENT_TTL_MS = 60_000;
/** Shorter than SPEC's 300 s content timeout: a page is never held hostage by a slow CMS. */
export const DEFAULT_CONTENT_BUDGET_MS = 3_000;
const RETRY_AFTER_FAILURE_MS = 10_000;

/**
 * One MandantContent per mandant: embedded content is read and checked now (a problem stops the start,
 * like a broken mandant file); a CMS provider is created from the configuration and the environment, its
 * copies cached in memory and in the content_cache table.
 */
export const contentPlugin = globalPlugin<ContentOptions>('content', async (app, options) => {
  const env = options.env ?? process.env;
  const problems = new ProblemList();
  const byId = new Map<string, MandantContent>();
  for (const mandant of app.mandants.all()) {
    const config = mandant.config.content as ContentConfig;
    const log = app.log;
    if (config.provider === 'embedded') {
      const base = path.join(app.config.mandantsDir, BASE_FOLDER);
      const content = await loadEmbeddedContent(mandant, base, problems, {
        goLive: app.config.env.MANDANT_CHECKS === 'go-live',
      });
      byId.set(
        mandant.id,
        new MandantContent({ mandant, provider: embeddedProvider(mandant, content), log }),
      );
      continue;
    }
    let created: MandantContent | undefined;
    const cms = createCmsProvider(config, env, (message) => created?.reportMalformed(message));
    if (cms.misconfigured) app.log.warn({ mandant: mandant.id }, `content: ${cms.misconfigured}`);
    const cacheOptions = {
      ttlMs: options.ttlMs ?? DEFAULT_CONTENT_TTL_MS,
      budgetMs: options.budgetMs ?? DEFAULT_CONTENT_BUDGET_MS,
      timeoutMs: CONTENT_TIMEOUT_MS,
      onStoreError: (key: string, error: unknown) =>
        app.log.warn({ mandant: mandant.id, key, err: error }, 'content copy could not be stored'),
    };
    created = new MandantContent({
      mandant,
      provider: cms.provider,
      log,
      cache: new ContentCache({
        ...cacheOptions,
        retryMs: RETRY_AFTER_FAILURE_MS,
        store: contentCacheStore(app.database.kysely, mandant.id, cms.source),
      }),
      // Assets stay in memory only (bytes); a missing one is asked for again on the next request.
      assetCache: new ContentCache({ ...cacheOptions, retryMs: 0, maxKeys: 100 }),
    });
    byId.set(mandant.id, created);
    app.log.info({ mandant: mandant.id, provider: config.provider }, 'content from a CMS');
  }
  if (problems.size > 0) throw problems.toError();
  app.decorate('content', {
    of(mandantId: string) {
      const found = byId.get(mandantId);
      if (!found) throw new Error(`no content for mandant "${mandantId}"`);
      return found;
    },
  } satisfies ContentRegistry);
});
