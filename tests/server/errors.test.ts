import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../server/buildApp.ts';
import { buildTestApp, databases } from './helpers.ts';

/** Test-only routes: no body route exists yet in this issue, and nothing else throws on purpose. */
function addTestRoutes(app: FastifyInstance): void {
  app.post(
    '/api/v1/:mandant/test/echo',
    {
      schema: {
        body: {
          type: 'object',
          required: ['Email', 'Vorname'],
          additionalProperties: false,
          properties: { Email: { type: 'string', minLength: 3 }, Vorname: { type: 'string' } },
        },
      },
    },
    async (request) => request.body,
  );
  app.get('/api/v1/test/explode', async () => {
    throw new Error('database password is hunter2');
  });
}

const json = { 'content-type': 'application/json' };

describe.each(databases)('error answers on $name', (database) => {
  let app: FastifyInstance;
  const log: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp(database, {
      setup: addTestRoutes,
      logger: { level: 'info', stream: { write: (line: string) => log.push(line) } },
    });
  });
  afterAll(() => app?.close());

  it('accepts a valid body (the test route works)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/test/echo',
      headers: json,
      payload: { Email: 'a@b.c', Vorname: 'Max' },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['GET', '/api/v1/alpha/nothing-here'],
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['POST', '/api/v1/alpha/route/default'],
    ['DELETE', '/api/v1/mandant/alpha'],
  ])('%s %s → 404 PSOF0011', async (method, url) => {
    const response = await app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'PSOF0011', message: 'Diese Adresse gibt es nicht.' });
  });

  it.each([
    ['broken JSON', '{"Email": '],
    ['an empty body', ''],
    ['a prototype-poisoning body', '{"__proto__": {"admin": true}, "Email": "abc", "Vorname": "x"}'],
  ])('%s → 400 PSOF0013', async (_case, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/test/echo',
      headers: json,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'PSOF0013', message: 'Die Anfrage ist ungültig.' });
  });

  it('answers a validation failure with 400 PSOF0013 and a pointer per problem', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/test/echo',
      headers: { ...json, 'x-accept-language': 'en' },
      payload: { Email: 'a' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('PSOF0013');
    expect(body.message).toBe('The request is invalid.');
    expect(body.details).toEqual([{ pointer: '/Vorname', reason: expect.stringContaining('required') }]);
    const tooShort = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/test/echo',
      headers: json,
      payload: { Email: 'a', Vorname: 'x' },
    });
    expect(tooShort.json().details).toEqual([{ pointer: '/Email', reason: expect.stringContaining('3') }]);
  });

  it('answers a body over the limit with 413 PSOF0014', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/test/echo',
      headers: json,
      payload: JSON.stringify({ Email: 'x'.repeat(BODY_LIMIT), Vorname: 'x' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PSOF0014');
  });

  it.each([
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ])('answers content type %s with 415 PSOF0015', async (type) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/test/echo',
      headers: { 'content-type': type },
      payload: 'Email=a',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('PSOF0015');
  });

  it('answers a malformed URL with 400 PSOF0013 and still sends the security headers', async () => {
    const response = await app.inject({ url: '/api/v1/mandant/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PSOF0013');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unexpected failure with 500 PSOF0001 that reveals nothing, and logs it', async () => {
    const response = await app.inject({
      url: '/api/v1/test/explode',
      headers: { 'x-accept-language': 'en' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'PSOF0001',
      message: 'A technical error occurred. Please try again later.',
    });
    expect(response.body).not.toMatch(/hunter2|stack|at /);
    expect(log.join('')).toContain('database password is hunter2');
  });

  it('never logs bodies, credentials, cookies, query values or full IP addresses', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/test/echo?token=query-secret',
      headers: {
        ...json,
        authorization: 'Bearer header-secret',
        'x-authorization': 'Bearer x-header-secret',
        cookie: 'psoe_token=cookie-secret',
      },
      remoteAddress: '203.0.113.77',
      payload: { Email: 'max.mustermann@example.com', Vorname: 'Maximilian' },
    });
    const text = log.join('');
    expect(text).toContain('/api/v1/alpha/test/echo?token');
    for (const secret of [
      'query-secret',
      'header-secret',
      'cookie-secret',
      'mustermann',
      'Maximilian',
      '203.0.113.77',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('203.0.113.0');
  });
});
