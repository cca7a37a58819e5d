import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnsafeText } from '../../server/http/inputSafety.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { bearer, buildTestApp, databases, loginToken } from './helpers.ts';

/**
 * Issue 17: a NUL byte in an e-mail gave 500 on account/login, Empfehlen/create and createEmpfehler (and
 * PostgreSQL's error with the e-mail went to the log). Text with NUL or a lone surrogate is refused for every
 * route at the edge with 400 PSOF0900, before authentication, validation and handlers; nothing is written.
 */
const NUL = 'a\u0000b@x.de';
const LONE_HIGH = 'a\uD800b@x.de';
const LONE_LOW = 'a\uDC00b@x.de';

describe('findUnsafeText', () => {
  it('finds NUL and lone surrogates in strings and keys, and lets well-formed text through', () => {
    expect(findUnsafeText({ a: 'ok', b: ['x', { c: NUL }] })).toBe('/b/1/c');
    expect(findUnsafeText({ 'a/b': LONE_HIGH })).toBe('/a~1b');
    expect(findUnsafeText([LONE_LOW])).toBe('/0');
    expect(findUnsafeText({ 'k\u0000': 1 }, '/querystring')).toBe('/querystring');
    expect(findUnsafeText({ emoji: 'Grüße 😀 \uD83D\uDE00', n: 1, t: true, z: null })).toBeUndefined();
    expect(findUnsafeText('\uDBFF\uDFFF')).toBeUndefined();
    expect(findUnsafeText('\uDFFF\uDBFF')).toBe('');
  });

  it('walks deep nesting without overflowing the stack', () => {
    let deep: unknown = NUL;
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^(\/0){200000}$/);
  });
});

describe.each(databases)('bad input at the edge on $name', (database) => {
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    token = await loginToken(app, 'telko', {
      email: 'anna.beispiel@netzplus.example',
      password: 'Empfehlen2026',
    });
  });
  afterAll(() => app?.close());

  const counts = async () => ({
    accounts: Number(
      (
        await app.database.kysely
          .selectFrom('account')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    recommendations: Number(
      (
        await app.database.kysely
          .selectFrom('recommendation')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    mails: Number(
      (
        await app.database.kysely
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  const bodies = (email: string) =>
    [
      ['account/login', { Email: email, Password: 'Empfehlen2026' }],
      ['account/createEmpfehler', { Vorname: 'Eva', Nachname: 'Muster', Email: email }],
      [
        'Empfehlen/create',
        {
          Empfehlung: { Produkt: 601, AgbAkzeptiert: true },
          Empfehler: { Vorname: 'Eva', Nachname: 'Muster', Email: email },
          Empfaenger: { Email: 'freund@example.org' },
        },
      ],
    ] as const;

  it.each([
    ['NUL', NUL],
    ['a lone high surrogate', LONE_HIGH],
    ['a lone low surrogate', LONE_LOW],
  ])(
    'refuses %s in an e-mail with 400 PSOF0900 on the three routes of the issue, writing nothing',
    async (_name, email) => {
      const before = await counts();
      for (const [route, payload] of bodies(email)) {
        for (const language of ['de', 'en']) {
          const response = await app.inject({
            method: 'POST',
            url: `/api/v1/telko/${route}`,
            headers: { 'x-accept-language': language },
            payload,
          });
          expect({ route, status: response.statusCode, body: response.json() }).toEqual({
            route,
            status: 400,
            body: {
              code: 'PSOF0900',
              message:
                language === 'de'
                  ? 'Die Eingabe enthält unzulässige Zeichen.'
                  : 'The input contains characters that are not allowed.',
              details: [
                {
                  pointer: route === 'Empfehlen/create' ? '/Empfehler/Email' : '/Email',
                  reason: 'contains NUL or a lone surrogate',
                },
              ],
            },
          });
        }
      }
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses it as raw JSON escapes too, and in path, query and headers, before authentication', async () => {
    const raw = await app.inject({
      method: 'POST',
      url: '/api/v1/telko/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"Email":"a\\u0000b@x.de","Password":"x"}',
    });
    expect([raw.statusCode, raw.json().code]).toEqual([400, 'PSOF0900']);

    const query = await app.inject({ url: '/api/v1/telko/account/login?token=a%00b' });
    expect([query.statusCode, query.json().details]).toEqual([
      400,
      [{ pointer: '/querystring/token', reason: 'contains NUL or a lone surrogate' }],
    ]);

    const path = await app.inject({ url: '/api/v1/telko/empfehlen/a%00b' });
    expect([path.statusCode, path.json().details[0].pointer]).toEqual([400, '/params/nr']);

    // No token at all would be 401: the header check comes first.
    const header = await app.inject({
      url: '/api/v1/telko/empfehler/meinedaten',
      headers: { authorization: 'Bearer a\u0000b' },
    });
    expect([header.statusCode, header.json().details[0].pointer]).toEqual([400, '/headers/authorization']);

    const withToken = await app.inject({
      url: '/api/v1/telko/empfehler/meinedaten',
      headers: { ...bearer(token), 'x-extra': '\uD800' },
    });
    expect([withToken.statusCode, withToken.json().code]).toEqual([400, 'PSOF0900']);
  });

  it('still takes well-formed text, umlauts and emoji included', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/telko/account/login',
      payload: { Email: 'anna.beispiel@netzplus.example', Password: 'Empfehlen2026' },
      headers: { 'x-note': 'Grüße' },
    });
    expect(response.statusCode).toBe(200);
    const emoji = await app.inject({
      method: 'POST',
      url: '/api/v1/telko/account/login',
      payload: { Email: 'jürgen😀@x.de', Password: 'x' },
    });
    expect(emoji.statusCode).toBe(401);
  });
});
