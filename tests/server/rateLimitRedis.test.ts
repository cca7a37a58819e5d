import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresRateLimiter } from '../../server/rateLimit/postgresRateLimiter.ts';
import type { RateLimiter } from '../../server/rateLimit/RateLimiter.ts';
import { redisRateLimiter } from '../../server/rateLimit/redisRateLimiter.ts';
import { ALPHA, buildTestApp, databases, TEST_SESSION_SECRET } from './helpers.ts';
import { REDIS_URL, tryLogin } from './loginThrottleSupport.ts';

/**
 * One table of cases for every store of the RateLimiter (issue 17): the database ones (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL) and Redis (REDIS_URL; a key prefix of its own per run).
 */
interface Store {
  name: string;
  limiter: RateLimiter;
  close: () => Promise<void>;
}

const storeFactories: { name: string; open: () => Promise<Store> }[] = [
  ...databases.map((database) => ({
    name: database.name,
    open: async (): Promise<Store> => {
      const app = await buildTestApp(database);
      return {
        name: database.name,
        limiter: postgresRateLimiter(app.database.kysely),
        close: () => app.close(),
      };
    },
  })),
  {
    name: 'redis',
    open: async (): Promise<Store> => {
      const redis = new Redis(REDIS_URL);
      const prefix = `test:${randomBytes(6).toString('hex')}:`;
      return {
        name: 'redis',
        limiter: redisRateLimiter(redis, prefix),
        close: async () => {
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length > 0) await redis.del(...keys);
          await redis.quit();
        },
      };
    },
  },
];

describe.each(storeFactories)('RateLimiter on $name', ({ open }) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store?.close());

  it('counts hits in a window and refuses past the limit with the seconds to its end', async () => {
    const rule = { limit: 2, windowSeconds: 3600 };
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await store.limiter.hit('case:window', rule));
    expect(results.map((result) => [result.allowed, result.count])).toEqual([
      [true, 1],
      [true, 2],
      [false, 3],
    ]);
    for (const result of results) {
      expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
  });

  it('keeps keys apart', async () => {
    const rule = { limit: 1, windowSeconds: 3600 };
    expect((await store.limiter.hit('case:a', rule)).allowed).toBe(true);
    expect((await store.limiter.hit('case:b', rule)).allowed).toBe(true);
    expect((await store.limiter.hit('case:a', rule)).allowed).toBe(false);
  });

  it('counts parallel hits atomically: every count once', async () => {
    const rule = { limit: 100, windowSeconds: 3600 };
    const results = await Promise.all(
      Array.from({ length: 25 }, () => store.limiter.hit('case:parallel', rule)),
    );
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('counts failures with a sliding memory, and says how long ago the last was', async () => {
    expect(await store.limiter.failures('case:failures', 600)).toEqual({ count: 0, secondsSinceLast: 0 });
    expect((await store.limiter.recordFailure('case:failures', 600)).count).toBe(1);
    const counts = await Promise.all(
      Array.from({ length: 9 }, () => store.limiter.recordFailure('case:failures', 600)),
    );
    expect(counts.map((result) => result.count).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const read = await store.limiter.failures('case:failures', 600);
    expect(read.count).toBe(10);
    expect(read.secondsSinceLast).toBeGreaterThanOrEqual(0);
    expect(read.secondsSinceLast).toBeLessThan(600);
  });

  it('forgets a key’s windows and failures on reset, and only that key’s', async () => {
    const rule = { limit: 1, windowSeconds: 3600 };
    await store.limiter.hit('case:reset', rule);
    await store.limiter.recordFailure('case:reset', 600);
    await store.limiter.recordFailure('case:kept', 600);
    await store.limiter.reset('case:reset');
    expect((await store.limiter.hit('case:reset', rule)).count).toBe(1);
    expect((await store.limiter.failures('case:reset', 600)).count).toBe(0);
    expect((await store.limiter.failures('case:kept', 600)).count).toBe(1);
  });
});

describe('two app instances over one Redis', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    // Two databases (two PGlites): whatever they share, they share through Redis. One deployment has one
    // SESSION_SECRET, from which the rate-limit keys' HMAC key is derived.
    const options = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, sessionSecret: TEST_SESSION_SECRET };
    [one, two] = await Promise.all([
      buildTestApp({ name: 'pglite' }, options),
      buildTestApp({ name: 'pglite' }, options),
    ]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('share the login throttle’s counts', async () => {
    const ip = '10.44.0.1';
    const statuses: string[] = [];
    for (const app of [one, two, one, two]) {
      const response = await tryLogin(app, 'account/login', ALPHA.ben.email, 'Falsch123', { ip });
      statuses.push(`${response.statusCode} ${response.json().code}`);
    }
    // The fourth, on instance two, is delayed by failures two of which instance one counted.
    expect(statuses).toEqual(['401 PSOF0200', '401 PSOF0200', '401 PSOF0200', '429 PSOF0910']);
    // Neither database holds a counter.
    for (const app of [one, two]) {
      expect(await app.database.kysely.selectFrom('rate_limit').select('key').execute()).toEqual([]);
    }
  });

  it('share the volume limit per client', async () => {
    const rule = { limit: 3, windowSeconds: 3600 };
    const counts = [];
    for (const app of [one, two, one, two])
      counts.push((await app.rateLimiter.hit('case:shared', rule)).count);
    expect(counts).toEqual([1, 2, 3, 4]);
  });
});

describe('a Redis that does not answer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Port 1 on the loopback: nothing listens there, every connection is refused at once.
    app = await buildTestApp(
      { name: 'pglite' },
      { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'down:' },
    );
  });
  afterAll(() => app?.close());

  it('refuses a login as briefly unavailable (503 PSOF0003), never 500 and never unchecked', async () => {
    const response = await tryLogin(app, 'account/login', ALPHA.ben.email, ALPHA.ben.password, {
      ip: '10.44.0.2',
    });
    expect(`${response.statusCode} ${response.json().code}`).toBe('503 PSOF0003');
  });
});
