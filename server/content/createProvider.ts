import { createHash } from 'node:crypto';
import type { MandantConfig } from '../../schemas/api.ts';
import { ContentFetchError } from './ContentErrors.ts';
import type { ContentProvider } from './ContentProvider.ts';
import type { Report } from './cmsMapping.ts';
import { CONTENTFUL_DEFAULT_URL, contentfulProvider } from './contentful/contentfulProvider.ts';
import { squidexProvider } from './squidex/squidexProvider.ts';

export type ContentConfig = MandantConfig['content'] & { locales?: Record<string, string> };

export interface CmsProvider {
  provider: ContentProvider;
  /** Identifies the provider configuration in the content_cache table (never the credentials). */
  source: string;
  /** Why the provider cannot work (missing setting or variable), logged at start; undefined when fine. */
  misconfigured?: string;
}

/**
 * The CMS provider a mandant's `content` names, with its credentials read from the environment variables
 * the configuration names. A missing setting or variable does not stop the start (the other mandants and
 * the cached copies still work): the provider fails every fetch and the reason is logged once at start.
 */
export function createCmsProvider(
  config: ContentConfig,
  env: Readonly<Record<string, string | undefined>>,
  report: Report,
): CmsProvider {
  const source = createHash('sha256')
    .update(JSON.stringify([config.provider, config.url ?? '', config.app ?? '', config.environment ?? '']))
    .digest('hex')
    .slice(0, 16);
  const variable = (name: string | undefined) => (name ? env[name] || undefined : undefined);
  if (config.provider === 'contentful') {
    const token = variable(config.clientSecretEnv);
    const missing = [
      !config.app && 'content.app (the space id)',
      !token &&
        `the access token (environment variable ${config.clientSecretEnv ?? 'named by content.clientSecretEnv'})`,
    ].filter(Boolean);
    if (missing.length > 0 || !config.app || !token) return failing('contentful', source, missing.join(', '));
    return {
      source,
      provider: contentfulProvider({
        url: config.url || CONTENTFUL_DEFAULT_URL,
        space: config.app,
        environment: config.environment || 'master',
        token,
        locales: config.locales ?? {},
        report,
      }),
    };
  }
  const clientId = variable(config.clientIdEnv);
  const clientSecret = variable(config.clientSecretEnv);
  const missing = [
    !config.url && 'content.url',
    !config.app && 'content.app',
    !clientId &&
      `the client id (environment variable ${config.clientIdEnv ?? 'named by content.clientIdEnv'})`,
    !clientSecret &&
      `the client secret (environment variable ${config.clientSecretEnv ?? 'named by content.clientSecretEnv'})`,
  ].filter(Boolean);
  if (missing.length > 0 || !config.url || !config.app || !clientId || !clientSecret) {
    return failing('squidex', source, missing.join(', '));
  }
  return {
    source,
    provider: squidexProvider({ url: config.url, app: config.app, clientId, clientSecret, report }),
  };
}

function failing(name: 'contentful' | 'squidex', source: string, missing: string): CmsProvider {
  const reason = `${name} is not configured: missing ${missing}`;
  const fail = () => Promise.reject(new ContentFetchError(reason));
  return { source, misconfigured: reason, provider: { name, fetch: fail, asset: fail } };
}
