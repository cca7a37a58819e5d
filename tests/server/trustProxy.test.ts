import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, RUNTIME_DIST } from './helpers.ts';

const pglite = databases[0] as (typeof databases)[number];
const bootMandant = (html: string) => /"mandantId":"([^"]+)"/.exec(html)?.[1];

// Behind a load balancer the Host header names the balancer; TRUST_PROXY lets X-Forwarded-Host count.
describe('TRUST_PROXY', () => {
  let trusting: FastifyInstance;
  let direct: FastifyInstance;
  beforeAll(async () => {
    trusting = await buildTestApp(pglite, { distDir: RUNTIME_DIST, trustProxy: true });
    direct = await buildTestApp(pglite, { distDir: RUNTIME_DIST });
  });
  afterAll(async () => {
    await trusting?.close();
    await direct?.close();
  });

  const request = {
    url: '/de/',
    headers: { host: 'lb.internal:8080', 'x-forwarded-host': 'beta.localhost' },
  };

  it('maps the mandant from X-Forwarded-Host when the proxy is trusted', async () => {
    const response = await trusting.inject(request);
    expect(response.statusCode).toBe(200);
    expect(bootMandant(response.body)).toBe('beta');
  });

  it('ignores X-Forwarded-Host from an untrusted client', async () => {
    const response = await direct.inject(request);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'PSOF0010' });
  });
});
