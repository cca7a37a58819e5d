import { sql } from 'kysely';
import { globalPlugin } from '../plugins/globalPlugin.ts';

export interface MandantRow {
  id: string;
  configHash: string;
}

export interface MandantRepository {
  /** Inserts new mandants and refreshes hash and load time of known ones; rows of removed ones stay. */
  upsert(rows: readonly MandantRow[]): Promise<void>;
  ids(): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mandantRepository: MandantRepository;
  }
}

export const mandantRepositoryPlugin = globalPlugin('mandantRepository', async (app) => {
  const db = app.database.kysely;
  const repository: MandantRepository = {
    async upsert(rows) {
      if (rows.length === 0) return;
      await db
        .insertInto('mandant')
        .values(rows.map((row) => ({ id: row.id, config_hash: row.configHash })))
        .onConflict((conflict) =>
          conflict
            .column('id')
            .doUpdateSet((eb) => ({ config_hash: eb.ref('excluded.config_hash'), loaded_at: sql`now()` })),
        )
        .execute();
    },
    async ids() {
      const rows = await db.selectFrom('mandant').select('id').orderBy('id').execute();
      return rows.map((row) => row.id);
    },
  };
  app.decorate('mandantRepository', repository);
});
