/** Whose rows an agency report shows, and what its rows need that is not in the database. */
export interface AgencyReportContext {
  mandantId: string;
  /** The caller's agency: every report's scope is `agency_id = agencyId` within the mandant. */
  agencyId: string;
  /** The mandant's product names (the catalogue is in memory). */
  productName: (produktId: string) => string | null;
  /** The catalogue's Id of a product named by Id or ExterneId: the reward plan's key (rewardPlan/productKey). */
  productKey: (produktId: string) => string;
  /** A reward's title in the request's language, by the catalogue entry's id. */
  rewardTitle: (praemieId: string) => string | null;
  /** The programme's clock: what has expired by now (leads, invitations). */
  now: Date;
}
