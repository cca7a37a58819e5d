/**
 * The agent list's search box (SPEC 7: GET Produkt/berater?query=): one optional text, by name, post code or
 * town; empty lists every agent.
 */
export const agentSearchSchema = {
  $id: 'agentSearch',
  type: 'object',
  properties: {
    query: { type: 'string', maxLength: 100 },
  },
} as const;

/** What the form holds. */
export interface AgentSearchForm {
  query?: string;
}
