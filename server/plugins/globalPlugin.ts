import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its decorators and hooks reach the whole app — what the
 * fastify-plugin package does, without adding it as a dependency (Fastify reads these two symbols).
 */
export function globalPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
