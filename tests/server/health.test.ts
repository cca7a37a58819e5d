import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases } from './helpers.ts';

describe.each(databases)('GET /api/health on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database);
  });
  afterAll(() => app?.close());

  it('answers 200 while the database answers', async () => {
    const response = await app.inject({
      url: '/api/health',
      headers: { host: 'any-load-balancer-probe:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', mandants: 3 });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 PSOF0003 once the database is gone', async () => {
    await app.database.close();
    const response = await app.inject({ url: '/api/health', headers: { 'x-accept-language': 'en' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 'PSOF0003',
      message: 'The service is temporarily unavailable. Please try again later.',
      status: 'unavailable',
      database: 'unavailable',
      mandants: 3,
    });
  });
});
