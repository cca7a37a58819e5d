import type { AgencyRole } from '../../schemas/account.ts';
import type { AccountStatus } from '../db/DatabaseSchema.ts';

/** `mandants/{id}/demo/accounts.json` after validation, with the schema's defaults filled in. */
export interface DemoAccounts {
  recommenders: DemoRecommender[];
  agencyUsers: DemoAgencyUser[];
}

export interface DemoRecommender {
  email: string;
  password: string;
  anrede: string;
  vorname: string;
  nachname: string;
  language: string;
  newsletterOptinGegeben: boolean;
  status: AccountStatus;
  note?: string;
}

export interface DemoAgencyUser {
  email: string;
  name: string;
  roles: AgencyRole[];
  note?: string;
}
