import type { ColumnType } from 'kysely';

/** Row types of every table, as Kysely sees them. Keep in step with server/db/migrations/*.sql. */
export interface DatabaseSchema {
  mandant: MandantTable;
  schema_migrations: SchemaMigrationsTable;
}

export interface MandantTable {
  id: string;
  config_hash: string;
  loaded_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SchemaMigrationsTable {
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, Date | string | undefined, never>;
}
