import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword } from '../../domain/password.ts';
import { AGENCY_ROLES } from '../../schemas/account.ts';
import demoAccountsSchema from '../../schemas/demoAccounts.schema.json' with { type: 'json' };
import { buildApp } from '../../server/buildApp.ts';
import { readDemoAccounts } from '../../server/demo/readDemoAccounts.ts';
import { seedDemoAccounts } from '../../server/demo/seedDemoAccounts.ts';
import { loadMandants } from '../../server/mandants/loadMandants.ts';
import { MandantConfigError } from '../../server/mandants/MandantConfigError.ts';
import {
  ALPHA,
  buildTestApp,
  copyFixture,
  databases,
  login,
  sharedStorage,
  VALID_MANDANTS,
} from './helpers.ts';

/** seedDemoAccounts' plain arguments, from a built app. */
function seedDeps(app: FastifyInstance) {
  return {
    accounts: app.accountRepository,
    agencyUsers: app.agencyUserRepository,
    passwordHasher: app.passwordHasher,
  };
}

const REPO_MANDANTS = fileURLToPath(new URL('../../mandants/', import.meta.url));

describe.each(databases)('demo accounts on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database);
  });
  afterAll(() => app?.close());

  const accounts = () =>
    app.database.kysely
      .selectFrom('account')
      .select(['mandant_id', 'email', 'password_hash', 'empfehler_hash', 'status', 'language'])
      .orderBy('mandant_id')
      .orderBy('email')
      .execute();

  it('creates every account of the files, e-mails lower-case, passwords hashed with argon2id', async () => {
    const rows = await accounts();
    expect(rows.map((row) => `${row.mandant_id} ${row.email} ${row.status} ${row.language}`)).toEqual([
      'alpha anna.alpha@alpha.example active de',
      'alpha ausgeschlossen@alpha.example excluded de',
      'alpha ben@alpha.example active en',
      'alpha gesperrt@alpha.example blocked de',
      'alpha pausiert@alpha.example suspended de',
      'beta anna.alpha@alpha.example active de',
    ]);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(row.password_hash).not.toContain('Passwort123');
    }
    expect(new Set(rows.map((row) => row.empfehler_hash)).size).toBe(rows.length);
    const agency = await app.database.kysely
      .selectFrom('agency_user')
      .select(['mandant_id', 'email', 'roles'])
      .orderBy('mandant_id')
      .execute();
    expect(agency).toEqual([
      { mandant_id: 'alpha', email: 'agentur@alpha.example', roles: ['owner'] },
      { mandant_id: 'beta', email: 'agentur@beta.example', roles: ['employee', 'placeholder'] },
    ]);
    expect([...app.demoAccounts.keys()].sort()).toEqual(['alpha', 'beta']);
  });

  it('is idempotent: seeding again creates nothing and changes nothing', async () => {
    const before = await accounts();
    const demo = app.demoAccounts.get('alpha');
    if (!demo) throw new Error('alpha has demo accounts');
    expect(await seedDemoAccounts(seedDeps(app), 'alpha', demo)).toEqual({ recommenders: 0, agencyUsers: 0 });
    expect(await accounts()).toEqual(before);
  });

  it('keeps a password the user changed', async () => {
    const changed = await app.passwordHasher.hash('Geaendert2026');
    await app.database.kysely
      .updateTable('account')
      .set({ password_hash: changed })
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', ALPHA.ben.email)
      .execute();
    const demo = app.demoAccounts.get('alpha');
    if (!demo) throw new Error('alpha has demo accounts');
    await seedDemoAccounts(seedDeps(app), 'alpha', demo);
    expect(
      (await login(app, 'alpha', { email: ALPHA.ben.email, password: 'Geaendert2026' })).statusCode,
    ).toBe(200);
    expect((await login(app, 'alpha', ALPHA.ben)).statusCode).toBe(401);
  });

  it('creates only the missing accounts when the server starts again', async () => {
    const storage = await sharedStorage(database);
    try {
      const first = await buildTestApp(database, storage.options);
      const select = (target: FastifyInstance) =>
        target.database.kysely.selectFrom('account').select(['id', 'mandant_id', 'email']).execute();
      const rows = await select(first);
      await first.database.kysely
        .deleteFrom('account')
        .where('mandant_id', '=', 'alpha')
        .where('email', '=', ALPHA.ben.email)
        .execute();
      await first.close();
      const second = await buildTestApp(database, storage.options);
      try {
        const again = await select(second);
        expect(again).toHaveLength(rows.length);
        // the others kept their ids; only Ben is new
        const ids = new Map(rows.map((row) => [`${row.mandant_id} ${row.email}`, row.id]));
        const renewed = again.filter((row) => ids.get(`${row.mandant_id} ${row.email}`) !== row.id);
        expect(renewed.map((row) => row.email)).toEqual([ALPHA.ben.email]);
      } finally {
        await second.close();
      }
    } finally {
      await storage.cleanup();
    }
  });

  it('creates none with DEMO_ACCOUNTS=false', async () => {
    const off = await buildTestApp(database, { demoAccounts: false });
    try {
      expect(off.demoAccounts.size).toBe(0);
      expect(await off.database.kysely.selectFrom('account').select('id').execute()).toEqual([]);
      expect(await off.database.kysely.selectFrom('agency_user').select('id').execute()).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

describe('demo account files', () => {
  it('stops the start naming file, JSON pointer and reason for each problem', async () => {
    const scratch = await copyFixture(VALID_MANDANTS);
    try {
      await writeFile(
        path.join(scratch.dir, 'alpha', 'demo', 'accounts.json'),
        JSON.stringify({
          recommenders: [
            { email: 'a@alpha.example', password: 'kurz', vorname: 'A', nachname: 'B' },
            {
              email: 'A@Alpha.example',
              password: 'Passwort123',
              vorname: 'A',
              nachname: 'B',
              language: 'fr',
            },
            { email: 'not-an-email', password: 'Passwort123', vorname: 'A', nachname: 'B', status: 'gone' },
          ],
          agencyUsers: [{ email: 'x@alpha.example', name: 'X', roles: ['boss'], colour: 'red' }],
        }),
      );
      await writeFile(path.join(scratch.dir, 'beta', 'demo', 'accounts.json'), '{ "recommenders": [');
      const app = buildApp({ mandantsDir: scratch.dir });
      const error = await app.ready().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      await app.close();
      expect(error).toBeInstanceOf(MandantConfigError);
      const message = (error as Error).message;
      const file = /\S*alpha\/demo\/accounts\.json/.exec(message)?.[0] ?? 'alpha/demo/accounts.json';
      for (const line of [
        `${file} /recommenders/0/password: must NOT have fewer than 8 characters`,
        `${file} /recommenders/2/email: must match pattern`,
        `${file} /recommenders/2/status: must be one of`,
        `${file} /agencyUsers/0/roles/0: must be one of`,
        `${file} /agencyUsers/0/colour: unknown property "colour"`,
      ]) {
        expect(message).toContain(line);
      }
      expect(message).toMatch(/beta\/demo\/accounts\.json:1:\d+: invalid JSON/);
    } finally {
      await scratch.remove();
    }
  });

  it('checks what the schema cannot: SPEC’s password rules, an offered language, one entry per e-mail', async () => {
    const scratch = await copyFixture(VALID_MANDANTS);
    try {
      await writeFile(
        path.join(scratch.dir, 'alpha', 'demo', 'accounts.json'),
        JSON.stringify({
          recommenders: [
            { email: 'a@alpha.example', password: 'nurkleinbuchstaben1', vorname: 'A', nachname: 'B' },
            {
              email: 'A@Alpha.example',
              password: 'Passwort123',
              vorname: 'A',
              nachname: 'B',
              language: 'fr',
            },
          ],
        }),
      );
      const error = await readDemoAccounts((await loadMandants(scratch.dir)).all()).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(MandantConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/\/recommenders\/0\/password: breaks SPEC's password rules \(noUppercase\)/);
      expect(message).toMatch(/\/recommenders\/1\/language: "fr" is not offered by this mandant \(de, en\)/);
      expect(message).toMatch(/\/recommenders\/1\/email: the same e-mail as \/recommenders\/0/);
    } finally {
      await scratch.remove();
    }
  });

  it('offers the agency roles of schemas/account.ts', () => {
    const roles = demoAccountsSchema.properties.agencyUsers.items.properties.roles.items.enum;
    expect(roles).toEqual([...AGENCY_ROLES]);
  });

  it('gives every demo mandant two recommenders who can log in and an agency owner; telko and versicherung also a blocked one', async () => {
    const mandants = (await loadMandants(REPO_MANDANTS)).all();
    const demo = await readDemoAccounts(mandants);
    expect([...demo.keys()].sort()).toEqual(mandants.map((mandant) => mandant.id).sort());
    for (const [id, accounts] of demo) {
      const active = accounts.recommenders.filter((recommender) => recommender.status === 'active');
      expect(active.length, id).toBeGreaterThanOrEqual(2);
      expect(
        accounts.agencyUsers.some((user) => user.roles.includes('owner')),
        id,
      ).toBe(true);
      for (const recommender of accounts.recommenders) {
        expect(checkPassword(recommender.password), recommender.email).toEqual([]);
        expect(recommender.email).toMatch(/\.example$/);
      }
    }
    for (const id of ['telko', 'versicherung']) {
      expect(
        demo.get(id)?.recommenders.some((recommender) => recommender.status === 'blocked'),
        id,
      ).toBe(true);
    }
  });
});
