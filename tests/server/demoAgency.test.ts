import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyIbanCipherContext } from '../../server/agency/masterData/masterData.ts';
import { readDemoAgencies, seedDemoAgency } from '../../server/demo/seedDemoAgency.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { buildTestApp, databases } from './helpers.ts';

/** The telko demo agency (mandants/telko/demo/agency.json): staff in every role and several report pages. */
describe.each(databases)('the demo agency on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
  });
  afterAll(() => app?.close());

  const db = () => app.database.kysely;
  const agency = () =>
    db()
      .selectFrom('agency')
      .selectAll()
      .where('mandant_id', '=', 'telko')
      .where('agenturnummer', '=', 'A-1001')
      .executeTakeFirstOrThrow();

  it('has an owner, an inactive owner and employees, the owner of demo/accounts.json among them', async () => {
    const { id } = await agency();
    const staff = await db()
      .selectFrom('agency_user')
      .select(['email', 'roles', 'status', 'password_hash'])
      .where('mandant_id', '=', 'telko')
      .where('agency_id', '=', id)
      .execute();
    const roles = (email: string) => staff.find((user) => user.email === email)?.roles;
    expect(roles('agentur@netzplus.example')).toEqual(['owner']);
    expect(roles('gerd.gruender@netzplus.example')).toEqual(['inactiveOwner']);
    expect(roles('mia.mitarbeiterin@netzplus.example')).toEqual(['employee']);
    expect(roles('tom.mitarbeiter@netzplus.example')).toEqual(['employee']);
    expect(staff.find((user) => user.email === 'agentur@netzplus.example')?.password_hash).toMatch(
      /^\$argon2id\$/,
    );
    // Enough staff for several pages, some of them deactivated.
    expect(staff.length).toBeGreaterThan(20);
    expect(staff.some((user) => user.status === 'inactive')).toBe(true);
  });

  it('keeps the IBAN encrypted at rest', async () => {
    const row = await agency();
    expect(row.iban_encrypted).not.toContain('DE89');
    expect(app.fieldCipher.decrypt(row.iban_encrypted ?? '', agencyIbanCipherContext('telko'))).toBe(
      'DE89370400440532013000',
    );
  });

  it('attributes its recommenders’ recommendations and orders to the agency (the triggers of migration 0011)', async () => {
    const { id } = await agency();
    const count = async (table: 'account' | 'recommendation' | 'customer_order' | 'agency_invitation') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .where('mandant_id', '=', 'telko')
            .where('agency_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('account')).toBe(48);
    expect(await count('recommendation')).toBe(96);
    // Every report has several pages of 10.
    expect(await count('customer_order')).toBeGreaterThan(20);
    expect(await count('agency_invitation')).toBe(68);
    const releases = await db()
      .selectFrom('customer_order')
      .select(['agency_release'])
      .where('agency_id', '=', id)
      .groupBy('agency_release')
      .execute();
    expect(releases.map((row) => row.agency_release).sort()).toEqual(['pending', 'released']);
  });

  it('a new recommendation of an agency recommender gets the agency from the account', async () => {
    const { id } = await agency();
    const account = await db()
      .selectFrom('account')
      .select(['id', 'agency_user_id'])
      .where('mandant_id', '=', 'telko')
      .where('agency_id', '=', id)
      .executeTakeFirstOrThrow();
    const inserted = await db()
      .insertInto('recommendation')
      .values({
        mandant_id: 'telko',
        empfehlungsnummer: '4899999999',
        link_hex: 'ab'.repeat(16),
        account_id: account.id,
        produkt_id: '602',
        link_expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning(['agency_id', 'agency_user_id'])
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual({ agency_id: id, agency_user_id: account.agency_user_id });
  });

  it('leaves an existing agency alone on the next start', async () => {
    const telko = app.mandants.get('telko');
    if (!telko) throw new Error('telko is not loaded');
    const [demo] = (await readDemoAgencies([telko])).get('telko') ?? [];
    if (!demo) throw new Error('telko has no demo agency');
    const deps = { db: db(), passwordHasher: app.passwordHasher, fieldCipher: app.fieldCipher };
    expect(await seedDemoAgency(deps, telko, demo)).toBe(false);
  });
});
