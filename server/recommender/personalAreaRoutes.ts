import type { FastifyPluginAsync } from 'fastify';
import { praemieRoutes } from '../praemie/praemieRoutes.ts';
import { bankdatenRoutes } from './bankdatenRoutes.ts';
import { kundennummerRoutes } from './kundennummerRoutes.ts';
import { newsletterRoutes } from './newsletterRoutes.ts';
import { notificationRoutes } from './notificationRoutes.ts';
import { recommenderRoutes } from './recommenderRoutes.ts';

/** The recommender's personal area (issue 5): recommendations, rewards, bank data, newsletter, my data. */
export const personalAreaRoutes: FastifyPluginAsync = async (app) => {
  await app.register(recommenderRoutes);
  await app.register(bankdatenRoutes);
  await app.register(newsletterRoutes);
  await app.register(kundennummerRoutes);
  await app.register(praemieRoutes);
  await app.register(notificationRoutes);
};
