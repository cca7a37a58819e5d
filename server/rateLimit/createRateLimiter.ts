import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { postgresRateLimiter } from './postgresRateLimiter.ts';
import type { RateLimiter } from './RateLimiter.ts';
import { redisRateLimiter } from './redisRateLimiter.ts';

/**
 * The store of the rate limits: Redis when the configuration names one (REDIS_URL), else the database.
 * The Redis connection closes with the app.
 */
export function createRateLimiter(app: FastifyInstance): RateLimiter {
  const redisConfig = app.config.redis;
  if (!redisConfig) return postgresRateLimiter(app.database.kysely);
  const redis = new Redis(redisConfig.url, { maxRetriesPerRequest: 2 });
  // The URL may carry a password: log that Redis fails, not where.
  redis.on('error', (error: Error) => app.log.warn({ err: { message: error.message } }, 'redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redisRateLimiter(redis, redisConfig.keyPrefix);
}
