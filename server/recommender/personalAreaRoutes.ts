import type { FastifyPluginAsync } from 'fastify';
import { rewardRoutes } from '../rewards/rewardRoutes.ts';
import { bankDetailsRoutes } from './bankDetailsRoutes.ts';
import { customerNumberRoutes } from './customerNumberRoutes.ts';
import { newsletterRoutes } from './newsletterRoutes.ts';
import { notificationRoutes } from './notificationRoutes.ts';
import { recommenderRoutes } from './recommenderRoutes.ts';

/** The recommender's personal area (issue 5): recommendations, rewards, bank data, newsletter, my data. */
export const personalAreaRoutes: FastifyPluginAsync = async (app) => {
  await app.register(recommenderRoutes);
  await app.register(bankDetailsRoutes);
  await app.register(newsletterRoutes);
  await app.register(customerNumberRoutes);
  await app.register(rewardRoutes);
  await app.register(notificationRoutes);
};
