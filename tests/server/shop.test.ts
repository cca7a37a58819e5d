import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShopApp } from '../../server/shop/buildShopApp.ts';
import { platformShopSecret } from '../../server/shop/platformShopSecret.ts';
import { databases } from './helpers.ts';
import {
  berlinDay,
  buildOrderTestApp,
  CLAIM_DAYS,
  confirmedReferral,
  INTEGRATION_SECRET,
  reasonsOf,
  rewardsOf,
  statusOf,
  TestClock,
} from './orderHelpers.ts';

/** Where the test tells the platform its shop listens (nothing listens there: the test injects). */
const SHOP_URL = 'http://shop.test:8090';
const SHOP_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The shop stand-in of the demo (issue 13, server/shop/) in front of a real platform test app: its order
 * page, the order it reports through the signed integration API, the CRM button that confirms the
 * contract, and its error pages — never a 500 for a visitor's mistake.
 */
describe.each(databases)('the demo shop stand-in on $name', (database) => {
  let platform: FastifyInstance;
  let shop: FastifyInstance;
  const clock = new TestClock();

  beforeAll(async () => {
    platform = await buildOrderTestApp(
      database,
      clock,
      {
        integrationKeys: [
          { id: 'crm', secretEnv: 'ALPHA_CRM_SECRET' },
          { id: 'shop', secretEnv: 'ALPHA_SHOP_SECRET' },
        ],
      },
      {
        // On PGlite the shop key has no variable: the embedded demo generates its secret, as `npm start` does.
        env: {
          ALPHA_CRM_SECRET: INTEGRATION_SECRET,
          ...(database.url ? { ALPHA_SHOP_SECRET: SHOP_SECRET } : {}),
        },
        demoShopUrl: `${SHOP_URL}/`,
      },
    );
    // The shop reports over HTTP, as a client's shop would: the platform listens on a loopback port.
    await platform.listen({ port: 0, host: '127.0.0.1' });
    shop = buildShopApp({ platform, secretFor: platformShopSecret(platform) });
    await shop.ready();
  });
  afterAll(async () => {
    await shop?.close();
    await platform?.close();
  });

  const orderPage = (nr: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    shop.inject({
      method: 'GET',
      url: `/alpha/?${new URLSearchParams({ empfehlungsnummer: nr, produkt: '101', ...query })}`,
      headers,
    });
  const postForm = (path: string, fields: Record<string, string>) =>
    shop.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const orderNumberOn = (page: string): string => {
    const number = /name="auftragsnummer" value="(SHOP-[0-9A-F]{12})"/.exec(page)?.[1];
    if (!number) throw new Error('no order number on the page');
    return number;
  };
  const order = (nr: string, auftragsnummer: string, person: Record<string, string> = {}) =>
    postForm('/alpha/bestellen', {
      empfehlungsnummer: nr,
      produkt: '101',
      auftragsnummer,
      lang: 'de',
      vorname: 'Felix',
      nachname: 'Freund',
      email: 'felix@example.net',
      ...person,
    });
  const ordersOf = (nr: string) =>
    platform.database.kysely
      .selectFrom('customer_order')
      .innerJoin('recommendation', 'recommendation.id', 'customer_order.recommendation_id')
      .select([
        'customer_order.external_order_id',
        'customer_order.produkt_id',
        'customer_order.channel',
        'customer_order.source',
      ])
      .select((eb) =>
        eb.fn<string>('to_char', [eb.ref('customer_order.order_date'), eb.val('YYYY-MM-DD')]).as('day'),
      )
      .where('recommendation.empfehlungsnummer', '=', nr)
      .execute();

  it('is where the product link leads: the product and an order form, German or English', async () => {
    const referral = await confirmedReferral(platform);
    const link = await platform.inject({
      method: 'GET',
      url: `/api/v1/alpha/empfehlung/${referral.nr}/produkt/produktlink?channel=whatsapp`,
    });
    const produktlink = new URL(link.json<{ Produktlink: string }>().Produktlink);
    expect(produktlink.origin + produktlink.pathname).toBe(`${SHOP_URL}/alpha/`);
    expect(Object.fromEntries(produktlink.searchParams)).toEqual({
      empfehlungsnummer: referral.nr,
      channel: 'whatsapp',
      produkt: '101',
    });

    const page = await shop.inject({ method: 'GET', url: produktlink.pathname + produktlink.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('<h1>Ihre Bestellung</h1>');
    // The name from the platform's product catalogue, and the mandant's name in the header.
    expect(page.body).toContain('<dd>Hausratversicherung</dd>');
    expect(page.body).toContain('Alpha – Shop');
    for (const [id, label] of [
      ['vorname', 'Vorname'],
      ['nachname', 'Nachname'],
      ['email', 'E-Mail-Adresse'],
    ]) {
      expect(page.body).toContain(`<label for="${id}">${label}</label>`);
      expect(page.body).toMatch(new RegExp(`<input id="${id}" name="${id}" [^>]*value=""`));
    }
    orderNumberOn(page.body);
    // The other language, named in its own words, keeps the link's parameters.
    expect(page.body).toContain(
      `href="/alpha/?empfehlungsnummer=${referral.nr}&amp;produkt=101&amp;channel=whatsapp&amp;lang=en" hreflang="en" lang="en">English</a>`,
    );

    const english = await orderPage(referral.nr, { lang: 'en' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>Your order</h1>');
    expect(english.body).toContain('lang="de">Deutsch</a>');
    const byHeader = await orderPage(referral.nr, {}, { 'accept-language': 'en-GB,en;q=0.9,de;q=0.5' });
    expect(byHeader.body).toContain('<label for="email">Email address</label>');
  });

  it('escapes every value it writes back into the page', async () => {
    const referral = await confirmedReferral(platform);
    const page = await orderPage(referral.nr);
    const refused = await order(referral.nr, orderNumberOn(page.body), {
      vorname: '<script>alert(1)</script>',
      nachname: '',
      email: '"><img src=x onerror=alert(2)>',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).not.toContain('<script>alert');
    expect(refused.body).not.toContain('<img');
    expect(refused.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(refused.body).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"');
    // Each problem is named at its field and in the summary.
    expect(refused.body).toContain('<h2>Bitte prüfen Sie Ihre Eingaben</h2>');
    expect(refused.body).toContain('aria-describedby="nachname-error"');
    expect(refused.body).toContain(
      '<p class="error" id="email-error">Bitte geben Sie eine gültige E-Mail-Adresse an.</p>',
    );
    expect(await ordersOf(referral.nr)).toEqual([]);

    const hostile = await shop.inject({
      method: 'GET',
      url: `/alpha/?empfehlungsnummer=${encodeURIComponent('"><script>x</script>')}&produkt=101&channel=${encodeURIComponent('"><b>')}`,
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.body).not.toContain('<script>x');
    const channel = await orderPage(referral.nr, { channel: '"><b>' });
    expect(channel.statusCode).toBe(200);
    expect(channel.body).not.toContain('<b>');
  });

  it('reports the order (Ok with an order, rewards Offen) and the CRM button confirms the contract', async () => {
    const referral = await confirmedReferral(platform);
    const auftragsnummer = orderNumberOn((await orderPage(referral.nr)).body);

    const placed = await order(referral.nr, auftragsnummer);
    expect(placed.statusCode).toBe(200);
    expect(placed.body).toContain('<h1>Vielen Dank für Ihre Bestellung</h1>');
    expect(placed.body).toContain(`<dd>${auftragsnummer}</dd>`);
    expect(placed.body).toContain(`(Empfehlung ${referral.nr}, Status: Ok)`);
    expect(placed.body).toContain('Vertrag bestätigen (CRM)</button>');
    expect(await statusOf(platform, referral.nr)).toBe('Ok');
    expect(await ordersOf(referral.nr)).toEqual([
      {
        external_order_id: auftragsnummer,
        produkt_id: '101',
        channel: 'link',
        source: 'api',
        day: berlinDay(clock.now()),
      },
    ]);
    expect((await rewardsOf(platform, referral.nr)).map((reward) => reward.status)).toEqual([
      'Offen',
      'Offen',
    ]);
    if (!database.url) {
      // The secret the shop signed with is the one the embedded demo generated for the platform.
      const generated = await platform.database.kysely
        .selectFrom('server_secret')
        .select('name')
        .where('name', '=', 'integration:alpha:shop')
        .execute();
      expect(generated).toHaveLength(1);
    }

    // The same form sent again (a double click, a reload) is the same order, not a second one.
    const again = await order(referral.nr, auftragsnummer);
    expect(again.statusCode).toBe(200);
    expect(await ordersOf(referral.nr)).toHaveLength(1);

    const confirmed = await postForm('/alpha/vertrag', { auftragsnummer, lang: 'en' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('<h1>Contract confirmed</h1>');
    expect(await reasonsOf(platform, referral.nr)).toEqual([
      'recommendation:recommendation.created',
      'recommendation:recipient.confirmed',
      'recommendation:order.attributed',
      'reward:reward.created',
      'reward:reward.created',
      'recommendation:contract.concluded',
    ]);

    // What the shop reported is all the release needs once the claim period is over.
    clock.advanceDays(CLAIM_DAYS + 1);
    await platform.jobs.run('releaseDueOrders');
    expect(await statusOf(platform, referral.nr)).toBe('Freigegeben');
  });

  it('answers a bad recommendation number, a second order and an unknown order with a page and a 4xx', async () => {
    const unknown = await order('999999999', 'SHOP-000000000001');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<h1>Das hat leider nicht geklappt</h1>');
    expect(unknown.body).toContain('Diese Empfehlung ist uns nicht bekannt.');
    expect(unknown.body).toContain('PSOF0504');

    for (const url of ['/alpha/?empfehlungsnummer=abc&produkt=101', '/alpha/?produkt=101', '/alpha/']) {
      const page = await shop.inject({ method: 'GET', url });
      expect([url, page.statusCode]).toEqual([url, 400]);
      expect(page.body).toContain('Dieser Link ist unvollständig.');
    }

    const referral = await confirmedReferral(platform);
    expect((await order(referral.nr, 'SHOP-00000000000A')).statusCode).toBe(200);
    const second = await order(referral.nr, 'SHOP-00000000000B');
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('Zu dieser Empfehlung liegt bereits eine Bestellung vor.');
    const wrongProduct = await order((await confirmedReferral(platform)).nr, 'SHOP-00000000000C', {
      produkt: '201',
    });
    expect(wrongProduct.statusCode).toBe(422);

    const noOrder = await postForm('/alpha/vertrag', { auftragsnummer: 'SHOP-FFFFFFFFFFFF' });
    expect(noOrder.statusCode).toBe(404);
    expect(noOrder.body).toContain('Diese Bestellung ist dem Empfehlungsprogramm nicht bekannt.');

    // A mandant without the shop key, an unknown path, a body the shop does not read.
    expect(
      (await shop.inject({ method: 'GET', url: '/strict/?empfehlungsnummer=123456&produkt=201' })).statusCode,
    ).toBe(404);
    expect((await shop.inject({ method: 'GET', url: '/nirgendwo/x/y' })).statusCode).toBe(404);
    const json = await shop.inject({
      method: 'POST',
      url: '/alpha/bestellen',
      headers: { 'content-type': 'application/json' },
      payload: '{"empfehlungsnummer":1}',
    });
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain('<h1>Das hat leider nicht geklappt</h1>');
  });

  it('says it is not connected (503) when the mandant’s key has no secret', async () => {
    const unconnected = buildShopApp({ platform, secretFor: async () => undefined });
    try {
      const referral = await confirmedReferral(platform);
      const response = await unconnected.inject({
        method: 'POST',
        url: '/alpha/bestellen',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          empfehlungsnummer: referral.nr,
          produkt: '101',
          auftragsnummer: 'SHOP-0000000000EE',
          vorname: 'Felix',
          nachname: 'Freund',
          email: 'felix@example.net',
        }).toString(),
      });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('nicht mit dem Empfehlungsprogramm verbunden');
      expect(await ordersOf(referral.nr)).toEqual([]);
    } finally {
      await unconnected.close();
    }
  });
});
