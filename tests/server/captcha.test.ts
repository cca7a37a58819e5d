import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Captcha, type CaptchaWork, createCaptcha } from '../../server/captcha/Captcha.ts';
import type { UsedChallengeStore } from '../../server/captcha/UsedChallengeStore.ts';
import { ApiProblem } from '../../server/http/ApiProblem.ts';
import { buildTestApp, databases, sharedStorage, TEST_SESSION_SECRET } from './helpers.ts';
import { RECOMMEND_MANDANTS } from './recommendHelpers.ts';

/** Little work: these tests are about the rules, not the puzzle's cost. */
const LIGHT: CaptchaWork = {
  algorithm: 'SHA-256',
  cost: 1,
  counterMin: 10,
  counterMax: 100,
  ttlSeconds: 600,
};

function memoryStore(): UsedChallengeStore {
  const used = new Set<string>();
  return {
    async use(mandantId, signature) {
      const key = `${mandantId}:${signature}`;
      if (used.has(key)) return false;
      used.add(key);
      return true;
    },
  };
}

async function payloadFor(
  captcha: Captcha,
  mandant: string,
  tamper?: (json: Record<string, unknown>) => void,
) {
  const challenge = await captcha.challenge(mandant);
  const solution = await solveChallenge({ challenge, deriveKey });
  const json = JSON.parse(JSON.stringify({ challenge, solution }));
  tamper?.(json);
  return Buffer.from(JSON.stringify(json)).toString('base64');
}

describe('createCaptcha (ALTCHA v2)', () => {
  const secret = new Uint8Array(32).fill(3);
  let clock = Date.now();
  const captcha = createCaptcha({ secret, store: memoryStore(), work: LIGHT, now: () => clock });

  it('accepts a solved challenge once, then refuses the replay', async () => {
    const payload = await payloadFor(captcha, 'alpha');
    expect(await captcha.verify('alpha', payload)).toBe('ok');
    expect(await captcha.verify('alpha', payload)).toBe('replayed');
  });

  it('binds a challenge to its mandant', async () => {
    expect(await captcha.verify('beta', await payloadFor(captcha, 'alpha'))).toBe('wrong');
  });

  it('refuses a solution that was not found by work', async () => {
    const payload = await payloadFor(captcha, 'alpha', (json) => {
      const solution = json.solution as { derivedKey: string };
      solution.derivedKey = `${solution.derivedKey.slice(0, -2)}${solution.derivedKey.endsWith('00') ? '01' : '00'}`;
    });
    expect(await captcha.verify('alpha', payload)).toBe('wrong');
  });

  it('refuses changed parameters (the signature covers them)', async () => {
    const payload = await payloadFor(captcha, 'alpha', (json) => {
      const parameters = (json.challenge as { parameters: Record<string, unknown> }).parameters;
      parameters.expiresAt = (parameters.expiresAt as number) + 3600;
    });
    expect(await captcha.verify('alpha', payload)).toBe('wrong');
  });

  it('refuses another server’s challenge (other secret)', async () => {
    const other = createCaptcha({ secret: new Uint8Array(32).fill(4), store: memoryStore(), work: LIGHT });
    expect(await captcha.verify('alpha', await payloadFor(other, 'alpha'))).toBe('wrong');
  });

  it('refuses an expired challenge', async () => {
    const payload = await payloadFor(captcha, 'alpha');
    clock += 11 * 60 * 1000;
    try {
      expect(await captcha.verify('alpha', payload)).toBe('expired');
    } finally {
      clock = Date.now();
    }
  });

  it.each([
    ['nothing', undefined, 'missing'],
    ['an empty string', '', 'missing'],
    ['not base64 JSON', '%%%', 'malformed'],
    ['JSON of another shape', Buffer.from('[1,2]').toString('base64'), 'malformed'],
    ['a number', 42, 'malformed'],
    ['a huge string', 'A'.repeat(10_000), 'malformed'],
  ])('answers %s as %s', async (_case, payload, verdict) => {
    expect(await captcha.verify('alpha', payload)).toBe(verdict);
  });

  it('assertSolved throws PSOF0307 when missing and PSOF0308 when invalid', async () => {
    await expect(captcha.assertSolved('alpha', undefined)).rejects.toMatchObject({ code: 'PSOF0307' });
    await expect(captcha.assertSolved('alpha', 'bm9wZQ==')).rejects.toBeInstanceOf(ApiProblem);
    await expect(captcha.assertSolved('alpha', 'bm9wZQ==')).rejects.toMatchObject({ code: 'PSOF0308' });
    await expect(captcha.assertSolved('alpha', await payloadFor(captcha, 'alpha'))).resolves.toBeUndefined();
  });

  it('asks for about a second of a phone’s work by default (30 000–90 000 SHA-256 rounds)', async () => {
    const production = createCaptcha({ secret, store: memoryStore() });
    const { parameters } = await production.challenge('alpha');
    expect(parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, data: { mnd: 'alpha' } });
    const solution = await solveChallenge({ challenge: await production.challenge('alpha'), deriveKey });
    expect(solution?.counter).toBeGreaterThanOrEqual(30_000);
    expect(solution?.counter).toBeLessThanOrEqual(90_000);
  });
});

describe.each(databases)('captcha in the app on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: RECOMMEND_MANDANTS });
  });
  afterAll(() => app?.close());

  it('GET /captcha/challenge answers a signed challenge for the widget', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/alpha/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      parameters: expect.objectContaining({
        algorithm: 'SHA-256',
        data: { mnd: 'alpha' },
        expiresAt: expect.any(Number),
      }),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('answers an unknown mandant with 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/niemand/captcha/challenge' });
    expect(response.statusCode).toBe(404);
  });

  it('remembers a used challenge in the database (hashed) until it expires', async () => {
    const challenge = (await app.inject({ method: 'GET', url: '/api/v1/alpha/captcha/challenge' })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect(await app.captcha.verify('alpha', payload)).toBe('ok');
    expect(await app.captcha.verify('alpha', payload)).toBe('replayed');
    const row = await app.database.kysely.selectFrom('captcha_used').selectAll().executeTakeFirstOrThrow();
    expect(row.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(row.signature).not.toBe(challenge.signature);
    expect(new Date(row.expires_at).getTime()).toBe(challenge.parameters.expiresAt * 1000);
  });
});

// Several instances share one PostgreSQL (PGlite is one process's database).
describe.each(databases.filter((database) => database.url))(
  'captcha across instances on $name',
  (database) => {
    let storage: Awaited<ReturnType<typeof sharedStorage>>;
    let first: FastifyInstance;
    let second: FastifyInstance;

    beforeAll(async () => {
      storage = await sharedStorage(database);
      const options = {
        ...storage.options,
        mandantsDir: RECOMMEND_MANDANTS,
        sessionSecret: TEST_SESSION_SECRET,
      };
      first = await buildTestApp(database, options);
      second = await buildTestApp(database, options);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await storage?.cleanup();
    });

    it('a challenge of one instance is accepted by the other, and only once across both', async () => {
      const challenge = (
        await first.inject({ method: 'GET', url: '/api/v1/alpha/captcha/challenge' })
      ).json();
      const solution = await solveChallenge({ challenge, deriveKey });
      const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const verdicts = await Promise.all([
        second.captcha.verify('alpha', payload),
        first.captcha.verify('alpha', payload),
      ]);
      expect(verdicts.sort()).toEqual(['ok', 'replayed']);
    });
  },
);
