import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { copyFixture } from './helpers.ts';
import { RECOMMEND_MANDANTS } from './recommendHelpers.ts';

const REPO_BASE = path.resolve(import.meta.dirname, '../../mandants/_base');
/** The routes the invitation mail, the staff mail and the agency password mails link to, with the real _base's paths and pages. */
const ROUTES = ['InvitationRegistration', 'AgencyLogin', 'AgencySetPassword', 'AgencyResetPassword'] as const;

/** The recommend fixtures (alpha has products and a guest may recommend) plus the invitation's routes. */
export async function invitationTestMandants() {
  const copy = await copyFixture(RECOMMEND_MANDANTS);
  const base = path.join(copy.dir, '_base');
  const real = JSON.parse(await readFile(path.join(REPO_BASE, 'mandant.json'), 'utf8'));
  const file = path.join(base, 'mandant.json');
  const config = JSON.parse(await readFile(file, 'utf8'));
  for (const route of ROUTES) {
    config.routes[route] = real.routes[route];
    await copyFile(path.join(REPO_BASE, 'pages', `${route}.json`), path.join(base, 'pages', `${route}.json`));
  }
  await writeFile(file, JSON.stringify(config, null, 2));
  // SPEC 6: alpha bars its own staff from the programme, invited or not.
  const alphaFile = path.join(copy.dir, 'alpha', 'mandant.json');
  const alpha = JSON.parse(await readFile(alphaFile, 'utf8'));
  alpha.programme = { ...alpha.programme, excludedEmailWildcards: ['*@staff.alpha.example'] };
  await writeFile(alphaFile, JSON.stringify(alpha, null, 2));
  for (const language of ['de', 'en']) {
    const realTexts = JSON.parse(await readFile(path.join(REPO_BASE, 'i18n', `${language}.json`), 'utf8'));
    const textFile = path.join(base, 'i18n', `${language}.json`);
    const texts = JSON.parse(await readFile(textFile, 'utf8'));
    for (const route of ROUTES) texts[`pages.${route}.title`] = realTexts[`pages.${route}.title`];
    await writeFile(textFile, JSON.stringify(texts, null, 2));
  }
  return copy;
}

/** An agency of mandant alpha with an owner, an employee (Mitarbeiternummer) and an inactive owner. */
export async function seedAgency(app: FastifyInstance, nummer: string) {
  const db = app.database.kysely;
  const agency = await db
    .insertInto('agency')
    .values({ mandant_id: 'alpha', agenturnummer: nummer, firma: `Agentur ${nummer} GmbH` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = async (role: string, name: string, mitarbeiternummer: string | null) => {
    const email = `${role}.${nummer}@agentur.example`.toLowerCase();
    const row = await db
      .insertInto('agency_user')
      .values({ mandant_id: 'alpha', agency_id: agency.id, email, name, roles: [role], mitarbeiternummer })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email, token: await app.issueAgencyToken('alpha', email) };
  };
  return {
    id: agency.id,
    owner: await user('owner', `Olga ${nummer}`, `${nummer}-1`),
    employee: await user('employee', `Emil ${nummer}`, `${nummer}-2`),
    inactiveOwner: await user('inactiveOwner', `Ines ${nummer}`, null),
  };
}
