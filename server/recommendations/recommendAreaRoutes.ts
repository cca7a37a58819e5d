import type { FastifyPluginAsync } from 'fastify';
import { campaignRoutes } from './campaignRoutes.ts';
import { optInRoutes } from './optInRoutes.ts';
import { recommendRoutes } from './recommendRoutes.ts';
import { shareRoutes } from './shareRoutes.ts';

/** Recommend and share (issue 4): one registration in apiRoutes for all of this folder's calls. */
export const recommendAreaRoutes: FastifyPluginAsync = async (app) => {
  await app.register(recommendRoutes);
  await app.register(shareRoutes);
  await app.register(campaignRoutes);
  await app.register(optInRoutes);
};
