import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AgenturBestaetigenResponse,
  AgenturRegistrierenDatenResponse,
} from '../../schemas/agencyRegistration.ts';
import { buildTestApp, copyFixture, databases } from './helpers.ts';
import { freshAddress, RECOMMEND_MANDANTS } from './recommendHelpers.ts';

const API = '/api/v1/alpha';
const GOOD = 'Agenturstart7Werben';
const REPO_BASE = path.resolve(import.meta.dirname, '../../mandants/_base');

/** The recommend fixtures plus the routes the registration mails link to (a plain page for each). */
async function registrationMandants() {
  const copy = await copyFixture(RECOMMEND_MANDANTS);
  const base = path.join(copy.dir, '_base');
  const file = path.join(base, 'mandant.json');
  const config = JSON.parse(await readFile(file, 'utf8'));
  config.routes.AgencyLogin = '/agentur/login';
  config.routes.AgencyConfirm = '/agentur/bestaetigen/:token';
  await writeFile(file, JSON.stringify(config, null, 2));
  for (const route of ['AgencyLogin', 'AgencyConfirm']) {
    await copyFile(
      path.join(REPO_BASE, 'pages', 'AgencyLogin.json'),
      path.join(base, 'pages', `${route}.json`),
    );
  }
  for (const language of ['de', 'en']) {
    const real = JSON.parse(await readFile(path.join(REPO_BASE, 'i18n', `${language}.json`), 'utf8'));
    const textFile = path.join(base, 'i18n', `${language}.json`);
    const texts = JSON.parse(await readFile(textFile, 'utf8'));
    texts['pages.AgencyLogin.title'] = real['pages.AgencyLogin.title'];
    await writeFile(textFile, JSON.stringify(texts, null, 2));
  }
  // SPEC 6's wildcard bars recommenders; an agency with such an address may still register.
  const alphaFile = path.join(copy.dir, 'alpha', 'mandant.json');
  const alpha = JSON.parse(await readFile(alphaFile, 'utf8'));
  alpha.programme = { ...alpha.programme, excludedEmailWildcards: ['*@staff.alpha.example'] };
  await writeFile(alphaFile, JSON.stringify(alpha, null, 2));
  return copy;
}

let counter = 0;
const freshEmail = (domain = 'neue-agentur.example') => `inhaber${++counter}.${Date.now()}@${domain}`;

describe.each(databases)('agency self-registration on $name', (database) => {
  let app: FastifyInstance;
  let mandants: Awaited<ReturnType<typeof registrationMandants>>;

  beforeAll(async () => {
    mandants = await registrationMandants();
    app = await buildTestApp(database, { mandantsDir: mandants.dir });
  });
  afterAll(async () => {
    await app?.close();
    await mandants?.remove();
  });

  const body = (email: string, extra: object = {}) => ({
    Firma: 'Neue Agentur GmbH',
    Vorname: 'Ina',
    Nachname: 'Inhaberin',
    Email: email,
    Password: GOOD,
    PasswordConfirm: GOOD,
    Agb: true,
    ...extra,
  });
  const register = (payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `${API}/agentur/registrieren`,
      payload,
      headers,
      remoteAddress: freshAddress(),
    });
  const confirm = (Token: string) =>
    app.inject({
      method: 'PUT',
      url: `${API}/agentur/bestaetigen`,
      payload: { Token },
      remoteAddress: freshAddress(),
    });
  const data = (Token: string, extra: object = {}) =>
    app.inject({
      method: 'PUT',
      url: `${API}/agentur/registrieren/daten`,
      payload: {
        Token,
        Strasse: 'Am Markt 1',
        Plz: '20095',
        Ort: 'Hamburg',
        Steuernummer: '22/815/08154',
        KontaktTelefon: '+49 40 123456',
        ...extra,
      },
      remoteAddress: freshAddress(),
    });
  const login = (email: string, password = GOOD) =>
    app.inject({
      method: 'POST',
      url: `${API}/agentur/login`,
      payload: { Email: email, Password: password },
      remoteAddress: freshAddress(),
    });
  const mailsTo = async (email: string) =>
    (await app.mail.list(500)).filter((candidate) => candidate.recipient === email);
  /** The token of the newest confirmation link mailed to the address. */
  async function mailedToken(email: string): Promise<string> {
    const links = (await mailsTo(email))
      .map((mail) => mail.text?.match(/https?:\/\/\S+\/agentur\/bestaetigen\/(\S+)/)?.[1])
      .filter((link): link is string => link !== undefined);
    const newest = links[0];
    if (!newest) throw new Error(`no confirmation link to ${email}`);
    return decodeURIComponent(newest);
  }
  const agencyOf = (email: string) =>
    app.database.kysely
      .selectFrom('agency_user')
      .innerJoin('agency', 'agency.id', 'agency_user.agency_id')
      .select([
        'agency.id',
        'agency.agenturnummer',
        'agency.status',
        'agency.firma',
        'agency.strasse',
        'agency.ort',
        'agency.steuernummer',
        'agency.kontakt_telefon',
        'agency_user.roles',
        'agency_user.status as user_status',
        'agency_user.password_hash',
      ])
      .where('agency_user.mandant_id', '=', 'alpha')
      .where('agency_user.email', '=', email)
      .executeTakeFirst();

  it('runs the whole path: register → mail → confirm → data → pending, never active without the back office', async () => {
    const email = freshEmail();
    const registered = await register(body(email.toUpperCase(), { Firma: '  Neue   Agentur GmbH ' }));
    expect(registered.statusCode, registered.body).toBe(202);
    expect(registered.json()).toEqual({ Email: email });

    const agency = await agencyOf(email);
    expect(agency).toMatchObject({ status: 'registered', firma: 'Neue Agentur GmbH', roles: ['owner'] });
    expect(agency?.agenturnummer).toMatch(/^A-\d{4,}$/);
    expect(agency?.password_hash).not.toContain(GOOD);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('/de/agentur/bestaetigen/');
    expect(mails[0]?.text).toContain('72');
    const token = await mailedToken(email);

    // Before the confirmation the owner hears that the registration is not complete.
    const early = await login(email);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('PSOF0661');

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = confirmed.json<AgenturBestaetigenResponse>();
    expect(answer).toMatchObject({ Agenturnummer: agency?.agenturnummer, Firma: 'Neue Agentur GmbH' });
    expect(answer.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.Token).not.toBe(token);

    // The mailed link is single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PSOF0664');

    const done = await data(answer.Token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<AgenturRegistrierenDatenResponse>()).toEqual({
      Agenturnummer: agency?.agenturnummer,
      Status: 'pending',
    });
    expect(await agencyOf(email)).toMatchObject({
      status: 'pending',
      strasse: 'Am Markt 1',
      ort: 'Hamburg',
      steuernummer: '22/815/08154',
      kontakt_telefon: '+49 40 123456',
    });

    // A second data step: refused, the agency stays pending.
    const second = await data(answer.Token, { Ort: 'Bremen' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('PSOF0664');
    expect((await agencyOf(email))?.ort).toBe('Hamburg');

    // The owner is told the agency is being reviewed, after the password; a stranger learns nothing.
    const pending = await login(email);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().code).toBe('PSOF0660');
    expect(pending.json().message).toBe('Ihre Agentur wird noch geprüft. Wir melden uns per E-Mail.');
    const stranger = await login(email, 'Falsch7Passwort!');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().code).toBe('PSOF0200');

    // Once the programme team decides (the back office, issue 15), the answer follows the status.
    await app.database.kysely
      .updateTable('agency')
      .set({ status: 'rejected' })
      .where('id', '=', agency?.id ?? '')
      .execute();
    const rejected = await login(email);
    expect(rejected.statusCode).toBe(403);
    expect(rejected.json().code).toBe('PSOF0662');
    await app.database.kysely
      .updateTable('agency')
      .set({ status: 'active' })
      .where('id', '=', agency?.id ?? '')
      .execute();
    expect((await login(email)).statusCode).toBe(200);
  });

  it('hands out distinct numbers A-<next> and answers the mail in English for an English request', async () => {
    const first = freshEmail();
    const second = freshEmail();
    const [a, b] = await Promise.all([
      register(body(first)),
      register(body(second), { 'x-accept-language': 'en' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    const numbers = [(await agencyOf(first))?.agenturnummer, (await agencyOf(second))?.agenturnummer];
    expect(new Set(numbers).size).toBe(2);
    for (const number of numbers) expect(number).toMatch(/^A-\d{4,}$/);
    const english = (await mailsTo(second))[0];
    expect(english?.language).toBe('en');
    expect(english?.text).toContain('/en/agentur/bestaetigen/');
  });

  it('an address of agency staff gets a mail instead of a second agency; the answer is the same (no enumeration)', async () => {
    const email = freshEmail();
    expect((await register(body(email))).statusCode).toBe(202);
    const token = await mailedToken(email);
    const dataToken = (await confirm(token)).json<AgenturBestaetigenResponse>().Token;
    expect((await data(dataToken)).statusCode).toBe(200);
    const before = await agencyOf(email);

    const duplicate = await register(
      body(email, {
        Firma: 'Zweite Agentur',
        Password: 'Anders7Passwort!',
        PasswordConfirm: 'Anders7Passwort!',
      }),
    );
    expect(duplicate.statusCode).toBe(202);
    expect(duplicate.json()).toEqual({ Email: email });
    const count = await app.database.kysely
      .selectFrom('agency')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('mandant_id', '=', 'alpha')
      .where('firma', '=', 'Zweite Agentur')
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);
    expect(await agencyOf(email)).toEqual(before);
    const newest = (await mailsTo(email))[0];
    expect(newest?.subject).toContain('bereits einen Agenturzugang');
    expect(newest?.text).toContain('/de/agentur/login');
  });

  it('the owner of an agency still registered gets a new link that replaces the old one; the form’s other data is not taken', async () => {
    const email = freshEmail();
    expect((await register(body(email))).statusCode).toBe(202);
    const old = await mailedToken(email);
    const again = await register(
      body(email, {
        Firma: 'Andere GmbH',
        Password: 'Anders7Passwort!',
        PasswordConfirm: 'Anders7Passwort!',
      }),
    );
    expect(again.statusCode).toBe(202);
    const fresh = await mailedToken(email);
    expect(fresh).not.toBe(old);
    expect((await agencyOf(email))?.firma).toBe('Neue Agentur GmbH');
    const replaced = await confirm(old);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json().code).toBe('PSOF0663');
    expect((await confirm(fresh)).statusCode).toBe(200);
    // The password is the first registration's.
    const refused = await login(email, 'Anders7Passwort!');
    expect(refused.json().code).toBe('PSOF0200');
    expect((await login(email)).json().code).toBe('PSOF0661');
  });

  it('refuses a weak password, a differing confirmation, unticked terms and a bad address, and writes nothing', async () => {
    const email = freshEmail();
    const weak = await register(body(email, { Password: 'kurz', PasswordConfirm: 'kurz' }));
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('PSOF0220');
    const differs = await register(body(email, { PasswordConfirm: `${GOOD}x` }));
    expect(differs.statusCode).toBe(422);
    expect(differs.json().code).toBe('PSOF0221');
    const terms = await register(body(email, { Agb: false }));
    expect(terms.statusCode).toBe(422);
    expect(terms.json().code).toBe('PSOF0304');
    const address = await register(body('keine-adresse'));
    expect(address.statusCode).toBe(422);
    expect(address.json().code).toBe('PSOF0302');
    const missing = await register({ ...body(email), Firma: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('PSOF0013');
    expect(await agencyOf(email)).toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('an address the programme bars from recommending may still register an agency (SPEC 6 is about recommenders)', async () => {
    const email = freshEmail('staff.alpha.example');
    const response = await register(body(email));
    expect(response.statusCode).toBe(202);
    expect((await agencyOf(email))?.status).toBe('registered');
  });

  it('unknown and expired links answer 410 PSOF0663; the data step needs an address and a tax number', async () => {
    const unknown = await confirm('A'.repeat(43));
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().code).toBe('PSOF0663');
    expect((await confirm('not-a-token')).json().code).toBe('PSOF0663');

    const email = freshEmail();
    expect((await register(body(email))).statusCode).toBe(202);
    const token = await mailedToken(email);
    await app.database.kysely
      .updateTable('agency_user_token')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('mandant_id', '=', 'alpha')
      .where('used_at', 'is', null)
      .where(
        'agency_user_id',
        '=',
        app.database.kysely
          .selectFrom('agency_user')
          .select('id')
          .where('mandant_id', '=', 'alpha')
          .where('email', '=', email),
      )
      .execute();
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('PSOF0663');
    expect((await agencyOf(email))?.status).toBe('registered');

    // A new registration of the address brings a new link; the data step checks its fields.
    expect((await register(body(email))).statusCode).toBe(202);
    const dataToken = (await confirm(await mailedToken(email))).json<AgenturBestaetigenResponse>().Token;
    const noTax = await data(dataToken, { Steuernummer: '', UstId: '' });
    expect(noTax.statusCode).toBe(422);
    expect(noTax.json().code).toBe('PSOF0666');
    const badPostcode = await data(dataToken, { Plz: '!' });
    expect(badPostcode.statusCode).toBe(400);
    expect(badPostcode.json().code).toBe('PSOF0013');
    // Refusals leave the token usable; a VAT ID alone is enough.
    const withVat = await data(dataToken, { Steuernummer: undefined, UstId: 'DE 123456789' });
    expect(withVat.statusCode, withVat.body).toBe(200);
    expect((await agencyOf(email))?.status).toBe('pending');
  });

  it('a link of one mandant means nothing in another', async () => {
    const email = freshEmail();
    expect((await register(body(email))).statusCode).toBe(202);
    const owner = await agencyOf(email);
    expect(owner).toBeDefined();
    // Anything but a confirmation token of this mandant is refused.
    const other = await app.inject({
      method: 'PUT',
      url: '/api/v1/strict/agentur/bestaetigen',
      payload: { Token: await mailedToken(email) },
      remoteAddress: freshAddress(),
    });
    expect([404, 410]).toContain(other.statusCode);
    expect((await agencyOf(email))?.status).toBe('registered');
  });
});
