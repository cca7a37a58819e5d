import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenClaims } from '../../schemas/account.ts';
import { createSessionTokens } from '../../server/auth/SessionTokens.ts';
import { ALPHA, bearer, buildTestApp, databases, loginToken, sharedStorage } from './helpers.ts';

describe.each(databases)('the generated signing key on $name', (database) => {
  let storage: Awaited<ReturnType<typeof sharedStorage>>;
  beforeAll(async () => {
    storage = await sharedStorage(database);
  });
  afterAll(() => storage?.cleanup());

  it('is generated once, kept in the database and shared by every later start', async () => {
    const first = await buildTestApp(database, storage.options);
    let token: string;
    try {
      token = await loginToken(first, 'alpha', ALPHA.anna);
    } finally {
      await first.close();
    }
    const second = await buildTestApp(database, storage.options);
    try {
      const response = await second.inject({ url: '/api/v1/alpha/account/user', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      const rows = await second.database.kysely.selectFrom('server_secret').select('name').execute();
      expect(rows).toEqual([{ name: 'session' }]);
    } finally {
      await second.close();
    }
    // Another database generates another key: the token means nothing there.
    const elsewhere = await buildTestApp(database);
    try {
      const response = await elsewhere.inject({ url: '/api/v1/alpha/account/user', headers: bearer(token) });
      expect(response.json()).toMatchObject({ code: 'PSOF0204' });
    } finally {
      await elsewhere.close();
    }
  });

  it('purges revocations of tokens that have expired anyway', async () => {
    const app = await buildTestApp(database);
    try {
      const db = app.database.kysely;
      const past = new Date(Date.now() - 60_000);
      await db
        .insertInto('revoked_token')
        .values({ jti: 'expired-one', mandant_id: 'alpha', expires_at: past })
        .execute();
      // A fresh instance purges on its first revocation (then at most every ten minutes).
      const tokens = createSessionTokens({ db, key: new Uint8Array(32), ttlMinutes: 5 });
      const exp = Math.floor(Date.now() / 1000) + 300;
      const claims: TokenClaims = {
        sub: randomUUID(),
        mnd: 'alpha',
        kind: 'user',
        jti: randomUUID(),
        iat: exp - 300,
        exp,
      };
      await tokens.revoke(claims);
      const rows = await db.selectFrom('revoked_token').select('jti').execute();
      expect(rows.map((row) => row.jti)).toContain(claims.jti);
      expect(rows.map((row) => row.jti)).not.toContain('expired-one');
    } finally {
      await app.close();
    }
  });
});
