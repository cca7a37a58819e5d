import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountLifecycleRepositoryPlugin } from './account/accountLifecycleRepository.ts';
import { accountRepositoryPlugin } from './account/accountRepository.ts';
import { accountTokenRepositoryPlugin } from './account/accountTokenRepository.ts';
import { loginTokenRepositoryPlugin } from './account/loginTokenRepository.ts';
import { agencyAuthPlugin } from './agency/agencyAuthPlugin.ts';
import { agencyUserRepositoryPlugin } from './agency/agencyUserRepository.ts';
import { agencySsoPlugin } from './agency/sso/agencySsoPlugin.ts';
import { backofficeAuthPlugin } from './backoffice/backofficeAuthPlugin.ts';
import { settingsPlugin } from './backoffice/settings/settingsPlugin.ts';
import { captchaPlugin } from './captcha/captchaPlugin.ts';
import { clickRoutes } from './clicks/clickRoutes.ts';
import { clicksPlugin } from './clicks/clicksPlugin.ts';
import { type BuildAppOptions, type LoggerOptions, resolveServerConfig } from './config/ServerConfig.ts';
import { contentPlugin } from './content/contentPlugin.ts';
import { demoAgencyPlugin } from './demo/demoAgencyPlugin.ts';
import { demoBackofficePlugin } from './demo/demoBackofficePlugin.ts';
import { demoProfiPlugin } from './demo/demoProfiPlugin.ts';
import { demoRecommendationsPlugin } from './demo/demoRecommendationsPlugin.ts';
import { demoProfiOrdersPlugin } from './demo/seedDemoProfiOrders.ts';
import { API_SCHEMAS } from './http/apiSchemas.ts';
import { REDACT_PATHS, serializeRequest } from './http/logSerializers.ts';
import { routeAccessPlugin } from './http/routeAccess.ts';
import { earlyRequestProtocol, securityHeaders, strictTransportSecurity } from './http/securityHeaders.ts';
import { reachableSchemasSerializerFactory } from './http/serializerFactory.ts';
import { jobsPlugin } from './jobs/jobsPlugin.ts';
import { lifecyclePlugin } from './lifecycle/lifecyclePlugin.ts';
import { devMailRoutes } from './mail/devMailRoutes.ts';
import { mailPlugin } from './mail/mailPlugin.ts';
import { mandantRepositoryPlugin } from './mandants/mandantRepository.ts';
import { notificationsPlugin } from './notifications/notificationsPlugin.ts';
import { ordersPlugin } from './orders/ordersPlugin.ts';
import { authPlugin } from './plugins/authPlugin.ts';
import { compressPlugin } from './plugins/compressPlugin.ts';
import { configPlugin } from './plugins/configPlugin.ts';
import { cryptoPlugin } from './plugins/cryptoPlugin.ts';
import { dbPlugin } from './plugins/dbPlugin.ts';
import { demoAccountsPlugin } from './plugins/demoAccountsPlugin.ts';
import { emptyBodyPlugin } from './plugins/emptyBodyPlugin.ts';
import { errorsPlugin, sendError } from './plugins/errorsPlugin.ts';
import { issueTokensPlugin } from './plugins/issueTokensPlugin.ts';
import { mandantsPlugin } from './plugins/mandantsPlugin.ts';
import { securityHeadersPlugin } from './plugins/securityHeadersPlugin.ts';
import { productsPlugin } from './products/productsPlugin.ts';
import { profiAuthPlugin } from './profi/profiAuthPlugin.ts';
import { recipientsPlugin } from './recipients/recipientsPlugin.ts';
import { recommendationsPlugin } from './recommendations/recommendationsPlugin.ts';
import { apiRoutes } from './routes/apiRoutes.ts';
import { staticPlugin } from './static/staticPlugin.ts';
import { webhooksPlugin } from './webhooks/webhooksPlugin.ts';

export type { BuildAppOptions } from './config/ServerConfig.ts';

/** JSON bodies of this API are forms of a few fields; anything larger is a mistake or an attack. */
export const BODY_LIMIT = 100 * 1024;

/**
 * The whole server as a Fastify instance, not yet listening. Plugins load on `ready()` / `listen()` /
 * the first `inject()`; a broken mandant file rejects that with MandantConfigError, an unreachable
 * database with DatabaseUnavailableError. Routes added before that (tests do) get the same error handling.
 */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const config = resolveServerConfig(options);
  const app = Fastify({
    trustProxy: options.trustProxy ?? false,
    logger: loggerOptions(options.logger),
    // SPEC's paths mix cases (/Empfehlen/create, /empfehlen/…) and trailing slashes (/content/variables/).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: BODY_LIMIT,
    // Each route's response serializer compiles with the shared schemas it reaches, not all of them.
    schemaController: { compilersFactory: { buildSerializer: reachableSchemasSerializerFactory() } },
    // A fresh PGlite data directory takes several seconds; Fastify's default plugin timeout is 10 s.
    pluginTimeout: 120_000,
    // Malformed URLs never reach the error handler or the onSend hooks otherwise.
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeaders(undefined));
      const hsts = strictTransportSecurity(
        config.hsts,
        earlyRequestProtocol(request, options.trustProxy ?? false),
      );
      if (hsts) reply.header('strict-transport-security', hsts);
      sendError(error, request, reply);
    },
  });
  // The API speaks JSON only; Fastify's built-in text/plain parser would let a wrong type reach validation.
  app.removeContentTypeParser('text/plain');

  // Order: configuration and data first, then the request pipeline, then routes, then the catch-all.
  app.register(configPlugin, { config });
  app.register(dbPlugin);
  app.register(cryptoPlugin);
  app.register(mandantRepositoryPlugin);
  app.register(accountRepositoryPlugin);
  app.register(agencyUserRepositoryPlugin);
  app.register(loginTokenRepositoryPlugin);
  app.register(accountTokenRepositoryPlugin);
  app.register(accountLifecycleRepositoryPlugin);
  app.register(mandantsPlugin);
  app.register(productsPlugin);
  app.register(contentPlugin, options.content ?? {});
  app.register(authPlugin);
  app.register(agencyAuthPlugin);
  app.register(agencySsoPlugin);
  app.register(backofficeAuthPlugin);
  app.register(profiAuthPlugin);
  app.register(issueTokensPlugin);
  app.register(lifecyclePlugin);
  app.register(mailPlugin);
  app.register(webhooksPlugin);
  app.register(notificationsPlugin);
  app.register(captchaPlugin);
  app.register(recommendationsPlugin);
  app.register(jobsPlugin);
  app.register(clicksPlugin);
  app.register(recipientsPlugin);
  app.register(ordersPlugin);
  app.register(demoAccountsPlugin);
  app.register(demoRecommendationsPlugin);
  app.register(demoAgencyPlugin);
  app.register(demoBackofficePlugin);
  app.register(demoProfiPlugin);
  app.register(demoProfiOrdersPlugin);
  // After the campaigns and the demo data (seeded against the files): the live settings overrides.
  app.register(settingsPlugin);
  app.register(errorsPlugin);
  app.register(emptyBodyPlugin);
  app.register(securityHeadersPlugin);
  // Before any route: it attaches to routes as they are added (docs/adr/0018-compression.md).
  app.register(compressPlugin);
  for (const schema of API_SCHEMAS) app.addSchema(schema);
  app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Refer-a-friend platform API',
        description: 'Reference API of SPEC section 7. Errors are `{ code, message }` (schemas/errors.ts).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The session token, in Authorization or X-Authorization (SPEC section 6).',
          },
          integrationKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description:
              'Integration API (docs/integration-api.md): the key id, plus a Standard Webhooks signature over Idempotency-Key, Webhook-Timestamp and the raw body in Webhook-Signature.',
          },
        },
      },
    },
    // Name components after the schemas' $id (MandantResponse, KeyValue …) instead of def-0, def-1 ….
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`),
    },
  });
  // Every route's access rule (issue 17, docs/adr/0025-route-access-rules.md): after the auth plugins.
  app.register(routeAccessPlugin);
  app.register(apiRoutes, { prefix: '/api' });
  // Shared links point at the host root (/empfehlen/click/{nr}, /e/{nr}); routes win over the SPA fallback.
  app.register(clickRoutes);
  // Without SMTP_URL mails stay in the outbox; the dev mail view shows them, only when asked for (DEV_MAILS,
  // npm start) and only to clients on this machine.
  if (config.devMails && !config.smtpUrl) app.register(devMailRoutes);
  app.register(staticPlugin);
  return app;
}

function loggerOptions(logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const { level = 'info', stream }: LoggerOptions = logger === true ? {} : logger;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
}
