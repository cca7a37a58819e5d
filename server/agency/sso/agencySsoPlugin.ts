import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { AgencySsoConfig } from '../../../schemas/api.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { globalPlugin } from '../../plugins/globalPlugin.ts';
import { isLoopbackUrl } from './loopback.ts';

/** `agencySso.issuer` value that means the demo provider the server starts itself (localIdentityProvider.ts). */
export const LOCAL_ISSUER = 'local';

/** Where the identity provider sends the browser back when the mandant's routes do not name AgencyLogin. */
const DEFAULT_REDIRECT_PATH = '/agentur/login';
/** The same for the back office when the routes do not name BackofficeSsoCallback. */
const DEFAULT_BACKOFFICE_REDIRECT_PATH = '/backoffice/sso';
const DISCOVERY_TIMEOUT_SECONDS = 5;

/** The identity provider of a mandant, resolved: server side only (the secret never leaves it). */
export interface AgencySsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** The variable `clientSecretEnv` names, when it is not set (the provider would refuse every code). */
  missingSecretEnv?: string;
  /** Path after the language, e.g. /agentur/login. */
  redirectPath: string;
}

/** Who signs in at a provider: agency staff (`agencySso`) or the client's programme team (`backofficeSso`). */
export type SsoArea = 'agency' | 'backoffice';

export interface AgencySso {
  /** main.ts and the tests hand over the running local provider (null: none runs). */
  attachLocalProvider(provider: { issuer: string; clientSecret: string } | null): void;
  /** The mandants whose agencies or back-office team sign in at the local provider, with their client ids. */
  localClients(): { mandantId: string; clientId: string; area: SsoArea }[];
  /** The mandant's provider, or undefined when its agencies have no SSO (or the local one is not running). */
  settingsOf(mandant: LoadedMandant): AgencySsoSettings | undefined;
  /** The same for the back office (`backofficeSso`, issue 15): the machinery is shared. */
  backofficeSettingsOf(mandant: LoadedMandant): AgencySsoSettings | undefined;
  /** The provider's discovered configuration (cached); 503 PSOF0614 when it cannot be reached. */
  configurationOf(settings: AgencySsoSettings): Promise<oidc.Configuration>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Agency single sign-on (issue 14): each mandant's identity provider, see server/agency/sso/. */
    agencySso: AgencySso;
  }
}

export const agencySsoPlugin = globalPlugin('agencySso', async (app: FastifyInstance) => {
  let local: { issuer: string; clientSecret: string } | null = null;
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  const sso: AgencySso = {
    attachLocalProvider(provider) {
      local = provider;
      discovered.clear();
    },
    localClients() {
      return app.mandants.all().flatMap((mandant) =>
        (['agency', 'backoffice'] as const).flatMap((area) => {
          const config = configOf(mandant, area);
          return config?.issuer === LOCAL_ISSUER
            ? [{ mandantId: mandant.id, clientId: config.clientId, area }]
            : [];
        }),
      );
    },
    settingsOf(mandant) {
      const config = mandant.config.agencySso;
      return (
        config &&
        resolve(config, config.redirectPath ?? mandant.config.routes.AgencyLogin ?? DEFAULT_REDIRECT_PATH)
      );
    },
    backofficeSettingsOf(mandant) {
      const config = mandant.config.backofficeSso;
      return (
        config &&
        resolve(
          config,
          config.redirectPath ??
            mandant.config.routes.BackofficeSsoCallback ??
            DEFAULT_BACKOFFICE_REDIRECT_PATH,
        )
      );
    },
    configurationOf(settings) {
      if (settings.missingSecretEnv) {
        // A configuration fault for the operator, not the visitor: said in the log, 503 to the browser.
        app.log.error(
          { issuer: settings.issuer, variable: settings.missingSecretEnv },
          'agency SSO: the client secret variable is not set',
        );
        return Promise.reject(new ApiProblem('PSOF0614'));
      }
      const key = `${settings.issuer}\n${settings.clientId}\n${settings.clientSecret ?? ''}`;
      let configuration = discovered.get(key);
      if (!configuration) {
        configuration = discover(settings);
        discovered.set(key, configuration);
        // A failed discovery is asked again next time (the provider may be back).
        configuration.catch(() => discovered.delete(key));
      }
      return configuration.catch((error: unknown) => {
        app.log.warn(
          { issuer: settings.issuer, reason: error instanceof Error ? error.message : String(error) },
          'agency SSO: identity provider discovery failed',
        );
        throw new ApiProblem('PSOF0614');
      });
    },
  };
  app.decorate('agencySso', sso);

  function resolve(config: AgencySsoConfig, redirectPath: string): AgencySsoSettings | undefined {
    if (config.issuer === LOCAL_ISSUER) {
      if (!local) return undefined;
      return {
        issuer: local.issuer,
        clientId: config.clientId,
        clientSecret: local.clientSecret,
        redirectPath,
      };
    }
    const clientSecret = config.clientSecretEnv
      ? app.config.env[config.clientSecretEnv] || undefined
      : undefined;
    return {
      issuer: config.issuer,
      clientId: config.clientId,
      clientSecret,
      redirectPath,
      ...(config.clientSecretEnv && !clientSecret ? { missingSecretEnv: config.clientSecretEnv } : {}),
    };
  }
});

function configOf(mandant: LoadedMandant, area: SsoArea): AgencySsoConfig | undefined {
  return area === 'agency' ? mandant.config.agencySso : mandant.config.backofficeSso;
}

function discover(settings: AgencySsoSettings): Promise<oidc.Configuration> {
  const auth = settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None();
  return oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, auth, {
    timeout: DISCOVERY_TIMEOUT_SECONDS,
    // http only on this machine (the local demo provider); a real provider must use https.
    ...(isLoopbackUrl(settings.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
}
