import type { ServerConfig } from '../config/ServerConfig.ts';
import { globalPlugin } from './globalPlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
  }
}

export const configPlugin = globalPlugin<{ config: ServerConfig }>('config', async (app, { config }) => {
  app.decorate('config', config);
});
