import path from 'node:path';
import { loadEmbeddedContent } from '../content/embedded/checkEmbeddedContent.ts';
import { loadProductCatalogues } from '../products/loadProductCatalogues.ts';
import { BASE_FOLDER, type LoadMandantsOptions, loadMandants } from './loadMandants.ts';
import { type ConfigProblem, formatProblem, MandantConfigError } from './MandantConfigError.ts';
import type { MandantRegistry } from './MandantRegistry.ts';
import { ProblemList } from './ProblemList.ts';

/**
 * The one validator (issue 18) as `npm run mandant -- validate` and tests/unit/mandantData.test.ts run it:
 * the mandant loader, the embedded content of each mandant that has it (what the server start reads,
 * server/content/contentPlugin.ts) and the product loader, all with the go-live checks, and every problem
 * at once. Content and products are checked even while the go-live checks of the mandant files still fail
 * (a fresh `new` mandant's placeholders), so one round lists everything left to fill in.
 */
export async function validateMandants(
  dir: string,
  options: Omit<LoadMandantsOptions, 'goLive'> = {},
): Promise<{ registry?: MandantRegistry; problems: ConfigProblem[] }> {
  const found = new Map<string, ConfigProblem>();
  const collect = (error: unknown) => {
    if (!(error instanceof MandantConfigError)) throw error;
    for (const problem of error.problems) found.set(formatProblem(problem), problem);
  };
  const registry = await loadMandants(dir, { ...options, goLive: true }).catch(collect);
  // Without the go-live checks the mandants may load; then their products can be checked all the same.
  const loaded = registry ?? (await loadMandants(dir, { ...options, goLive: false }).catch(() => undefined));
  if (loaded) {
    const content = new ProblemList(options.cwd);
    for (const mandant of loaded.all())
      if (mandant.config.content.provider === 'embedded')
        await loadEmbeddedContent(mandant, path.join(path.resolve(dir), BASE_FOLDER), content, {
          goLive: true,
        });
    if (content.size > 0) collect(content.toError());
    await loadProductCatalogues(loaded.all(), dir, { goLive: true, cwd: options.cwd }).catch(collect);
  }
  return { ...(registry ? { registry } : {}), problems: [...found.values()] };
}
