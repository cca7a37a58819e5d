import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_TOKEN_HEADER, type RecommendationView } from '../../schemas/recommendFormApi.ts';
import { buildTestApp, databases } from './helpers.ts';
import { createAsGuest, freshAddress, RECOMMEND_MANDANTS, recommendBody } from './recommendHelpers.ts';

/** The opt-in link's token, from the newest opt-in mail in the outbox. */
async function tokenFromOutbox(app: FastifyInstance): Promise<string> {
  const mails = await app.mail.list();
  const mail = mails.find((candidate) => candidate.template === 'recommendationOptIn');
  const match = /[?&]optin=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error('no opt-in mail');
  return match[1];
}

describe.each(databases)('recommender opt-in (PSOF0305/PSOF0306) on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: RECOMMEND_MANDANTS });
  });
  afterAll(() => app?.close());

  const annaAsGuest = recommendBody({
    Empfehler: { Vorname: 'Anna', Nachname: 'Alphaweg', Email: 'Anna@Alpha.example' },
  });
  const confirm = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/alpha/Empfehlen/optin',
      payload: { Token: token },
      remoteAddress: freshAddress(),
    });
  const resend = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/alpha/Empfehlen/optin/resend',
      payload: { Email: 'anna@alpha.example', Produkt: 101 },
      remoteAddress: freshAddress(),
    });

  it('walks the opt-in: pending, mail, refusals, resend, confirmation', async () => {
    // 1. A guest uses the e-mail of Anna's account: created, but pending, and Anna gets a mail.
    const created = await createAsGuest(app, 'alpha', annaAsGuest);
    expect(created.statusCode).toBe(201);
    const view = created.json<RecommendationView>();
    expect(view.OptinAusstehend).toBe(true);
    const row = await app.database.kysely
      .selectFrom('recommendation')
      .selectAll()
      .where('empfehlungsnummer', '=', view.Empfehlungsnummer)
      .executeTakeFirstOrThrow();
    expect(row.account_id).not.toBeNull();
    expect(row.optin_token_hash).toMatch(/^[0-9a-f]{64}$/);
    const mails = (await app.mail.list()).filter((mail) => mail.template === 'recommendationOptIn');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: 'anna@alpha.example', language: 'de' });
    expect(mails[0]?.text).toContain('Hausratversicherung');
    expect(mails[0]?.text).toMatch(/\/de\/empfehlung\/bestaetigt\?optin=/);
    const firstToken = await tokenFromOutbox(app);
    // The token is in the mail only, never in the database.
    expect(row.optin_token_hash).not.toContain(firstToken);

    // 2. Sharing before the confirmation: PSOF0306.
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/alpha/empfehlung/${view.Empfehlungsnummer}`,
      payload: { Channel: 'email' },
      headers: { [OWNER_TOKEN_HEADER]: view.Verwaltungstoken ?? '' },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({
      code: 'PSOF0306',
      message: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse, bevor Sie eine Empfehlung versenden.',
    });

    // 3. Recommending the same again: PSOF0305 (exists, opt-in required), with the resend path.
    const again = await createAsGuest(app, 'alpha', annaAsGuest);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PSOF0305');
    expect((await resend()).statusCode).toBe(202);
    const secondToken = await tokenFromOutbox(app);
    expect(secondToken).not.toBe(firstToken);
    expect((await app.mail.list()).filter((mail) => mail.template === 'recommendationOptIn')).toHaveLength(2);

    // 4. The old link stopped working; the new one confirms and answers the owner's view.
    expect((await confirm(firstToken)).json().code).toBe('PSOF0325');
    const confirmed = await confirm(secondToken);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<RecommendationView>()).toMatchObject({
      Empfehlungsnummer: view.Empfehlungsnummer,
      OptinAusstehend: false,
      Verwaltungstoken: view.Verwaltungstoken,
    });
    const reused = await confirm(secondToken);
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('PSOF0325');

    // 5. Now it can be shared.
    const shared = await app.inject({
      method: 'PUT',
      url: `/api/v1/alpha/empfehlung/${view.Empfehlungsnummer}`,
      payload: { Channel: 'email' },
      headers: { [OWNER_TOKEN_HEADER]: view.Verwaltungstoken ?? '' },
    });
    expect(shared.statusCode).toBe(200);
  });

  it('resend answers 202 for anyone, and sends nothing when nothing is pending', async () => {
    const before = (await app.mail.list()).length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/Empfehlen/optin/resend',
      payload: { Email: 'niemand@example.org', Produkt: 101 },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(202);
    expect((await app.mail.list()).length).toBe(before);
  });

  it('refuses a link older than 48 hours', async () => {
    const created = await createAsGuest(
      app,
      'alpha',
      recommendBody({ Empfehlung: { Produkt: 102 }, Empfehler: { Email: 'anna@alpha.example' } }),
    );
    expect(created.statusCode).toBe(201);
    const token = await tokenFromOutbox(app);
    await app.database.kysely
      .updateTable('recommendation')
      .set({ optin_sent_at: new Date(Date.now() - 49 * 3600_000) })
      .where('empfehlungsnummer', '=', created.json<RecommendationView>().Empfehlungsnummer)
      .execute();
    expect((await confirm(token)).json().code).toBe('PSOF0325');
  });

  it('a logged-in recommender needs no opt-in, and a new address none either', async () => {
    const response = await createAsGuest(
      app,
      'alpha',
      recommendBody({ Empfehler: { Email: 'neu@example.org' } }),
    );
    expect(response.json<RecommendationView>().OptinAusstehend).toBe(false);
  });
});
