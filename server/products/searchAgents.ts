import { type Agent, type AgentSearchResult, agentName } from '../../schemas/products.ts';

/** Lower case without diacritics, so that 'gunther' and 'Günther' both find 'Günther'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('de-DE');
}

function matches(agent: Agent, words: readonly string[]): boolean {
  const name = fold(agentName(agent));
  const city = fold(agent.City);
  // Every word must match: a name or city part anywhere, a post code from its start ('04' = the region).
  return words.every((word) => name.includes(word) || city.includes(word) || agent.ZipCode.startsWith(word));
}

/**
 * GET Produkt/berater?query=&page=&pagesize= (SPEC 7): agents whose name, post code or city match every
 * word of the query, in the given order, one page of them. A page after the last is empty, not an error.
 */
export function searchAgents(
  agents: readonly Agent[],
  query: string,
  page: number,
  pageSize: number,
): AgentSearchResult {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const found = words.length === 0 ? agents : agents.filter((agent) => matches(agent, words));
  const pageCount = Math.ceil(found.length / pageSize);
  const start = (page - 1) * pageSize;
  return {
    Content: found.slice(start, start + pageSize),
    HasNext: page < pageCount,
    PageCount: pageCount,
    TotalCount: found.length,
  };
}
