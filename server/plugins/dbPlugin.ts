import { createDatabase } from '../db/createDatabase.ts';
import type { Database } from '../db/Database.ts';
import { migrate } from '../db/migrate.ts';
import { globalPlugin } from './globalPlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Opens the database, applies pending migrations, and closes it with the app. */
export const dbPlugin = globalPlugin('db', async (app) => {
  const database = await createDatabase({
    ...app.config.database,
    onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
  });
  try {
    const { applied, unknown } = await migrate(database);
    app.log.info({ database: database.target, applied }, 'database ready');
    if (unknown.length > 0) app.log.warn({ unknown }, 'database has migrations this release does not know');
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('database', database);
  app.addHook('onClose', () => database.close());
});
