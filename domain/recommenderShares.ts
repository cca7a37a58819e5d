/**
 * SPEC 1 and 5: the shares the recommend form offers — the mandant's default (RecommenderDefaultShare), then
 * 50:50. Its own module so that the runtime's entry chunk (the texts' variables, domain/textVariables.ts) can
 * use it without the form's schemas (the first-paint budget, ADR 0012).
 */
export function offeredShares(recommenderDefaultShare: string): number[] {
  const standard = Number.parseInt(recommenderDefaultShare, 10);
  return [...new Set([Number.isInteger(standard) ? standard : 100, 50])];
}
