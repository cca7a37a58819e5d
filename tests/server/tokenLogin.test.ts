import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyTokenResponse, LoginResponse } from '../../schemas/account.ts';
import { ALPHA, BETA, bearer, buildTestApp, databases, loginToken } from './helpers.ts';

describe.each(databases)('token logins on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database);
  });
  afterAll(() => app?.close());

  describe('GET /account/login/?token= (admin login, single use)', () => {
    const adminLogin = (mandant: string, token: string) =>
      app.inject({ url: `/api/v1/${mandant}/account/login/?token=${encodeURIComponent(token)}` });

    it('logs in once with a login token, then answers 409 PSOF0209', async () => {
      const token = await app.issueLoginToken('alpha', ALPHA.anna.email);
      const first = await adminLogin('alpha', token);
      expect(first.statusCode).toBe(200);
      const body = first.json<LoginResponse>();
      expect(body).toMatchObject({ Email: ALPHA.anna.email, Vorname: 'Anna' });
      // the answer's token is a working session token
      const user = await app.inject({ url: '/api/v1/alpha/account/user', headers: bearer(body.Token) });
      expect(user.statusCode).toBe(200);

      const second = await adminLogin('alpha', token);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        code: 'PSOF0209',
        message: 'Dieser Anmeldelink wurde bereits verwendet.',
      });
    });

    it('lets exactly one of two simultaneous uses win', async () => {
      const token = await app.issueLoginToken('alpha', ALPHA.anna.email);
      const answers = await Promise.all([adminLogin('alpha', token), adminLogin('alpha', token)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });

    it('answers an unknown token with 410 PSOF0201 (link expired)', async () => {
      const response = await adminLogin('alpha', 'no-such-token');
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ code: 'PSOF0201' });
    });

    it('answers an expired token with 410 PSOF0201', async () => {
      const token = await app.issueLoginToken('alpha', ALPHA.anna.email);
      await sql`update login_token set expires_at = now() - interval '1 second' where used_at is null`.execute(
        app.database.kysely,
      );
      expect((await adminLogin('alpha', token)).json()).toMatchObject({ code: 'PSOF0201' });
    });

    it('does not accept a token of alpha on beta, and keeps it usable on alpha', async () => {
      const token = await app.issueLoginToken('alpha', ALPHA.anna.email);
      expect((await adminLogin('beta', token)).json()).toMatchObject({ code: 'PSOF0201' });
      expect((await adminLogin('alpha', token)).statusCode).toBe(200);
    });

    it('answers a blocked account with its blocked message', async () => {
      const token = await app.issueLoginToken('alpha', ALPHA.blocked.email);
      const response = await adminLogin('alpha', token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PSOF0203' });
    });

    it('answers a missing or over-long token with 400 PSOF0013', async () => {
      expect((await app.inject({ url: '/api/v1/alpha/account/login/' })).json()).toMatchObject({
        code: 'PSOF0013',
      });
      expect((await adminLogin('alpha', 'x'.repeat(600))).json()).toMatchObject({ code: 'PSOF0013' });
    });

    it('stores only a hash of the token', async () => {
      const token = await app.issueLoginToken('alpha', ALPHA.ben.email);
      const rows = await app.database.kysely.selectFrom('login_token').select('token_hash').execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.token_hash).not.toContain(token);
      }
    });

    it('issues tokens only for accounts of the mandant', async () => {
      await expect(app.issueLoginToken('alpha', 'niemand@alpha.example')).rejects.toThrow(/no such account/);
      await expect(app.issueLoginToken('zeta', ALPHA.anna.email)).rejects.toThrow(/no mandant/);
    });
  });

  describe('GET /token/verifyAgenturToken?t=', () => {
    const verify = (mandant: string, token: string) =>
      app.inject({ url: `/api/v1/${mandant}/token/verifyAgenturToken?t=${encodeURIComponent(token)}` });

    it('answers the agency user behind a valid agency token', async () => {
      const token = await app.issueAgencyToken('alpha', 'Agentur@Alpha.example');
      const response = await verify('alpha', token);
      expect(response.statusCode).toBe(200);
      expect(response.json<AgencyTokenResponse>()).toEqual({
        Token: token,
        Roles: ['owner'],
        Email: ALPHA.agency.email,
        Name: 'Agentur Alpha',
        // SPEC 6's owner abilities; the fixture's agency user works for no agency.
        Abilities: [
          'employees',
          'invitations',
          'rewardPlan',
          'rewardPlanAdd',
          'rewardPlanDelete',
          'invoices',
          'administration',
          'orderReport',
          'recommenderReport',
          'rewards',
          'statistics',
          'masterData',
          'masterDataEdit',
        ],
        Agentur: null,
      });
      const beta = await verify('beta', await app.issueAgencyToken('beta', BETA.agency.email));
      expect(beta.json<AgencyTokenResponse>().Roles).toEqual(['employee', 'placeholder']);
    });

    it('is reachable in SPEC’s spelling and any case', async () => {
      const token = await app.issueAgencyToken('alpha', ALPHA.agency.email);
      const response = await app.inject({ url: `/api/v1/alpha/Token/VerifyAgenturToken?t=${token}` });
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ['garbage', async () => 'garbage'],
      ['a recommender token', async () => loginToken(app, 'alpha', ALPHA.anna)],
      ['another mandant’s agency token', async () => app.issueAgencyToken('beta', BETA.agency.email)],
    ])('answers %s with 401 PSOF0204', async (_case, makeToken) => {
      const response = await verify('alpha', await makeToken());
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'PSOF0204' });
    });

    it('answers 401 PSOF0204 once the agency user is blocked', async () => {
      const token = await app.issueAgencyToken('alpha', ALPHA.agency.email);
      const block = (status: string) =>
        sql`update agency_user set status = ${status} where mandant_id = 'alpha'`.execute(
          app.database.kysely,
        );
      await block('blocked');
      try {
        expect((await verify('alpha', token)).json()).toMatchObject({ code: 'PSOF0204' });
      } finally {
        await block('active');
      }
      expect((await verify('alpha', token)).statusCode).toBe(200);
    });

    it('answers a missing t with 400 PSOF0013', async () => {
      const response = await app.inject({ url: '/api/v1/alpha/token/verifyAgenturToken' });
      expect(response.statusCode).toBe(400);
    });

    it('issues agency tokens only for agency users of the mandant', async () => {
      await expect(app.issueAgencyToken('alpha', BETA.agency.email)).rejects.toThrow(/no such agency user/);
    });
  });
});
