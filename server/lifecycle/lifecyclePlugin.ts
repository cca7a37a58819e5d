import { globalPlugin } from '../plugins/globalPlugin.ts';
import { Lifecycle } from './Lifecycle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The only writer of recommendation and reward statuses (server/lifecycle/README.md). */
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = globalPlugin('lifecycle', async (app) => {
  app.decorate('lifecycle', new Lifecycle(() => app.config.clock.now()));
});
