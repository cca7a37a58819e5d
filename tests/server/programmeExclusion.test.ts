import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTestMandants } from './accountLifecycleMandants.ts';
import { buildTestApp, databases, login } from './helpers.ts';

const PASSWORD = 'Passwort123';

/**
 * SPEC 6: "Agents or employees flagged by wildcard may be blocked from the programme." Mandant alpha bars
 * `*@staff.alpha.example` (programme.excludedEmailWildcards): such an address cannot register, log in as a
 * recommender or recommend, with SPEC 8's employees' variant of "account blocked" (PSOF0206).
 */
describe.each(databases)('exclusion by wildcard on $name', (database) => {
  let app: FastifyInstance;
  let mandants: Awaited<ReturnType<typeof accountTestMandants>>;
  beforeAll(async () => {
    mandants = await accountTestMandants();
    const file = path.join(mandants.dir, 'alpha', 'mandant.json');
    const config = JSON.parse(await readFile(file, 'utf8'));
    config.programme = { ...config.programme, excludedEmailWildcards: ['*@staff.alpha.example'] };
    await writeFile(file, JSON.stringify(config, null, 2));
    app = await buildTestApp(database, { mandantsDir: mandants.dir, demoAccounts: false });
    const passwordHash = await app.passwordHasher.hash(PASSWORD);
    await app.accountRepository.insertMissing(
      ['lea@staff.alpha.example', 'lea@alpha.example'].map((email) => ({
        mandantId: 'alpha',
        email,
        passwordHash,
        anrede: 'Frau',
        vorname: 'Lea',
        nachname: 'Lang',
        language: 'de',
        newsletterOptinGegeben: false,
        status: 'active' as const,
      })),
    );
  });
  afterAll(async () => {
    await app?.close();
    await mandants?.remove();
  });

  it('refuses the registration of a barred address', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/account/createEmpfehler',
      payload: { Vorname: 'Lea', Nachname: 'Lang', Email: 'Neu@Staff.Alpha.Example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PSOF0206' });
    const rows = await app.database.kysely
      .selectFrom('account')
      .select('email')
      .where('email', '=', 'neu@staff.alpha.example')
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses the login of a barred address after the right password, and lets others in', async () => {
    const barred = await login(app, 'alpha', { email: 'lea@staff.alpha.example', password: PASSWORD });
    expect(barred.statusCode).toBe(403);
    expect(barred.json()).toMatchObject({ code: 'PSOF0206' });
    // A wrong password says nothing about the address.
    const wrong = await login(app, 'alpha', { email: 'lea@staff.alpha.example', password: 'Falsch12345' });
    expect(wrong.json()).toMatchObject({ code: 'PSOF0200' });
    const other = await login(app, 'alpha', { email: 'lea@alpha.example', password: PASSWORD });
    expect(other.statusCode).toBe(200);
  });
});
