import type { ColumnType, Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. Keep in step with server/db/migrations/*.sql. */
export interface DatabaseSchema {
  mandant: MandantTable;
  schema_migrations: SchemaMigrationsTable;
  account: AccountTable;
  agency_user: AgencyUserTable;
  revoked_token: RevokedTokenTable;
  login_token: LoginTokenTable;
  rate_limit: RateLimitTable;
  server_secret: ServerSecretTable;
}

/** A timestamptz the database fills in on insert unless given. */
type DefaultedTime = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MandantTable {
  id: string;
  config_hash: string;
  loaded_at: DefaultedTime;
}

export interface SchemaMigrationsTable {
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, Date | string | undefined, never>;
}

export type AccountStatus = 'active' | 'blocked' | 'suspended' | 'excluded';

export interface AccountTable {
  id: Generated<string>;
  mandant_id: string;
  /** Always lower-case (check constraint). */
  email: string;
  password_hash: string;
  anrede: Generated<string>;
  vorname: string;
  nachname: string;
  empfehler_hash: string;
  newsletter_optin_gegeben: Generated<boolean>;
  newsletter_optin_versendet_am: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  language: Generated<string>;
  status: ColumnType<AccountStatus, AccountStatus | undefined, AccountStatus>;
  created_at: DefaultedTime;
  /** Null until the first change; write it with the application's clock (`new Date()`), like a token's iat. */
  password_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type AgencyUserStatus = 'active' | 'blocked';

export interface AgencyUserTable {
  id: Generated<string>;
  mandant_id: string;
  email: string;
  name: string;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  status: ColumnType<AgencyUserStatus, AgencyUserStatus | undefined, AgencyUserStatus>;
  created_at: DefaultedTime;
}

export interface RevokedTokenTable {
  jti: string;
  mandant_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface LoginTokenTable {
  token_hash: string;
  mandant_id: string;
  account_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultedTime;
}

export interface RateLimitTable {
  key: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  count: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: DefaultedTime;
}
