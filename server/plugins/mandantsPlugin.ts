import { loadMandants } from '../mandants/loadMandants.ts';
import type { MandantRegistry } from '../mandants/MandantRegistry.ts';
import { globalPlugin } from './globalPlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mandants: MandantRegistry;
  }
}

/**
 * Loads and validates every mandant at start (a broken file stops the start with MandantConfigError) and
 * records them in the mandant table, which every mandant-owned table references.
 */
export const mandantsPlugin = globalPlugin('mandants', async (app) => {
  const mandants = await loadMandants(app.config.mandantsDir, {
    defaultMandant: app.config.defaultMandant,
    // The checks of what would go live incomplete, as `npm run mandant -- validate` runs them.
    goLive: app.config.env.MANDANT_CHECKS === 'go-live',
  });
  await app.mandantRepository.upsert(mandants.all().map(({ id, configHash }) => ({ id, configHash })));
  app.decorate('mandants', mandants);
  app.log.info(
    { mandants: mandants.all().map((mandant) => mandant.id), default: mandants.defaultMandant.id },
    'mandants loaded',
  );
});
