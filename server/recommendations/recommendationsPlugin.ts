import { loadServerSecret } from '../auth/loadServerSecret.ts';
import { ProblemList } from '../mandants/ProblemList.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { type CampaignEntry, readCampaigns } from './campaigns.ts';
import { createOwnerTokens, type OwnerTokens } from './ownerToken.ts';
import { RecommendationRepository } from './RecommendationRepository.ts';

export interface Recommendations {
  repository: RecommendationRepository;
  ownerTokens: OwnerTokens;
  /**
   * Each mandant's campaigns (aktionen.json, or the back office's live override: server/backoffice/settings
   * replaces a mandant's entry); a mandant without any is missing here.
   */
  campaigns: Map<string, readonly CampaignEntry[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Recommend and share (issue 4): repository, owner tokens, campaigns. */
    recommendations: Recommendations;
  }
}

/**
 * Loads every mandant's campaigns at start (a broken aktionen.json stops the start with its path and
 * pointer, like every mandant file) and provides what the recommend and share routes share.
 */
export const recommendationsPlugin = globalPlugin('recommendations', async (app) => {
  const problems = new ProblemList();
  const campaigns = new Map<string, readonly CampaignEntry[]>();
  for (const mandant of app.mandants.all()) {
    const entries = await readCampaigns(mandant, problems);
    if (entries) campaigns.set(mandant.id, entries);
  }
  if (problems.size > 0) throw problems.toError();
  const secret = await loadServerSecret(app.database.kysely, app.config.sessionSecret);
  app.decorate('recommendations', {
    repository: new RecommendationRepository(app.database.kysely),
    ownerTokens: createOwnerTokens(secret),
    campaigns,
  });
});
