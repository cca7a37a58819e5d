import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../server/config/readEnv.ts';
import { HSTS_MAX_AGE_SECONDS, strictTransportSecurity } from '../../server/http/securityHeaders.ts';
import { buildTestApp, databases } from './helpers.ts';

const FULL = 'max-age=31536000; includeSubDomains';
const HTTPS = { 'x-forwarded-proto': 'https' };

describe('strictTransportSecurity', () => {
  it('is sent only over HTTPS and only when on, for at least a year', () => {
    const on = { enabled: true, includeSubDomains: true };
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(strictTransportSecurity(on, 'https')).toBe(FULL);
    expect(strictTransportSecurity({ ...on, includeSubDomains: false }, 'https')).toBe('max-age=31536000');
    expect(strictTransportSecurity(on, 'http')).toBeUndefined();
    expect(strictTransportSecurity(on, undefined)).toBeUndefined();
    expect(strictTransportSecurity({ ...on, enabled: false }, 'https')).toBeUndefined();
  });

  it('is on by default and switched by HSTS and HSTS_INCLUDE_SUBDOMAINS', () => {
    expect(readEnv({}).options.hsts).toEqual({ enabled: true, includeSubDomains: true });
    expect(readEnv({ HSTS: 'off' }).options.hsts).toEqual({ enabled: false, includeSubDomains: true });
    expect(readEnv({ HSTS_INCLUDE_SUBDOMAINS: 'false' }).options.hsts).toEqual({
      enabled: true,
      includeSubDomains: false,
    });
    expect(() => readEnv({ HSTS: 'sometimes' })).toThrow(/HSTS must be true or false/);
  });
});

describe.each(databases)('Strict-Transport-Security on $name', (database) => {
  let behindProxy: FastifyInstance;
  let off: FastifyInstance;
  // One after the other: a test app is seconds of work, and the machine is shared.
  beforeAll(async () => {
    behindProxy = await buildTestApp(database, { trustProxy: '127.0.0.1', demoAccounts: false });
    off = await buildTestApp(database, { trustProxy: true, demoAccounts: false, hsts: { enabled: false } });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([behindProxy, off].map((app) => app?.close()));
  });

  it('is on by default behind a trusted proxy that says HTTPS: pages, API answers, errors and 404s', async () => {
    for (const url of [
      '/',
      '/api/health',
      '/api/v1/alpha/mandant',
      '/api/v1/nope/mandant',
      '/no/such/page',
    ]) {
      const answer = await behindProxy.inject({ url, headers: HTTPS });
      expect(answer.headers['strict-transport-security'], url).toBe(FULL);
    }
  });

  it('is also sent with the early answers of malformed URLs', async () => {
    const answer = await behindProxy.inject({ url: '/api/v1/%E0%A4%A', headers: HTTPS });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['strict-transport-security']).toBe(FULL);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is not sent over plain HTTP', async () => {
    expect((await behindProxy.inject({ url: '/api/health' })).headers['strict-transport-security']).toBe(
      undefined,
    );
    const plain = await behindProxy.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
    const stranger = await behindProxy.inject({ url: '/', headers: HTTPS, remoteAddress: '203.0.113.9' });
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
    const early = await behindProxy.inject({
      url: '/a/%E0%A4%A',
      headers: HTTPS,
      remoteAddress: '203.0.113.9',
    });
    expect(early.headers['strict-transport-security']).toBeUndefined();
  });

  it('is left out when HSTS is off', async () => {
    const none = await off.inject({ url: '/api/health', headers: HTTPS });
    expect(none.statusCode).toBe(200);
    expect(none.headers['strict-transport-security']).toBeUndefined();
  });
});
