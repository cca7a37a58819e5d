import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { findRecommendableProduct } from '../../server/recommendations/recommendableProduct.ts';
import { buildShopApp } from '../../server/shop/buildShopApp.ts';
import { platformShopSecret } from '../../server/shop/platformShopSecret.ts';
import { berlinDay, CLAIM_DAYS } from '../server/orderHelpers.ts';
import { waitForPageReady } from '../support/browser.ts';
import { REPO_ROOT } from '../support/server.ts';
import {
  dashboardCard,
  expectNoViolations,
  friendConfirms,
  loggedIn,
  type OrderProgramme,
  recommendHere,
  requestReward,
  rewardMailLink,
  startOrderProgramme,
  timelineSteps,
} from './fixtures/orderProgramme.ts';
import { ANNA, expectH1, withoutFailedRequests } from './fixtures/session.ts';

/**
 * Issue 13, "done when": the whole programme on the telecom demo in Chromium, over the real server, the
 * shop stand-in and a webhook receiver. Anna recommends, the friend follows the link, confirms and orders
 * in the shop, the client's CRM confirms the contract, the claim period passes on a clock the test moves,
 * the reward mail leads to the reward choice, a payout run pays it with a SEPA file valid against the
 * pain.001.001.09 schema, and Anna's dashboard shows it paid with its whole timeline. Every event reaches
 * the webhook receiver once, signed. axe on the pages on the way, the shop's included.
 */
const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const XSD = path.join(REPO_ROOT, 'tests/fixtures/sepa/pain.001.001.09.xsd');
const ANNA_IBAN = 'DE75512108001245126199';
const FRIEND = { vorname: 'Fiona', nachname: 'Freundin', email: 'fiona.freundin@example.net' };
const FRIEND_IBAN = 'DE89370400440532013000';

interface ReceivedWebhook {
  id: string;
  verified: boolean;
  type: string;
  data: { empfehlungsnummer: string; status: string; reason: string };
}

/** The client's webhook endpoint: answers 204 and keeps what came, checked with the shared secret. */
async function startWebhookReceiver(): Promise<{ server: Server; url: string; received: ReceivedWebhook[] }> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = request.headers as IncomingHttpHeaders & Record<string, string>;
      let verified = true;
      try {
        new Webhook(WEBHOOK_SECRET).verify(body, headers);
      } catch {
        verified = false;
      }
      const payload = JSON.parse(body) as Omit<ReceivedWebhook, 'id' | 'verified'>;
      received.push({ id: String(headers['webhook-id']), verified, type: payload.type, data: payload.data });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/empfehlung`, received };
}

describe('order to reward, end to end on the telecom demo (issue 13)', () => {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let programme: OrderProgramme;
  let shop: FastifyInstance;
  let shopUrl: string | undefined;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    programme = await startOrderProgramme({
      webhook: { url: receiver.url, secret: WEBHOOK_SECRET },
      demoShopUrl: () => shopUrl,
    });
    const { app } = programme.server;
    // The test delivers webhooks itself (deliverDue), so that it knows when they have all gone out.
    await app.webhooks.worker.stop();
    shop = buildShopApp({ platform: app, secretFor: platformShopSecret(app) });
    await shop.listen({ port: 0, host: '127.0.0.1' });
    shopUrl = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await shop?.close();
    await programme?.close();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  const telko = () => programme.telko();

  it('recommend → link → confirm → order in the shop → contract → claim period → reward → payout → Gezahlt', async () => {
    // Anna logs in and keeps her bank data in the personal area: a transfer needs it.
    const { server, browser, clock, backOffice, statusOf, rewardsOf } = programme;
    const anna = await loggedIn(browser, telko(), ANNA);
    await anna.page.goto(`${telko()}/de/meine-daten/bankdaten`);
    await expectH1(anna.page, 'Bankdaten');
    await anna.page.getByLabel('IBAN').fill(ANNA_IBAN);
    await anna.page.getByLabel('Kontoinhaber').fill('Anna Beispiel');
    await anna.page.getByRole('button', { name: 'Bankdaten speichern' }).click();
    await anna.page.getByRole('status').filter({ hasText: 'Ihre Bankdaten wurden gespeichert.' }).waitFor();

    // She recommends an internet product and shares the link.
    await anna.page.goto(`${telko()}/de/internet`);
    await waitForPageReady(anna.page);
    await anna.page.locator('a[href^="/de/empfehlen/"]').first().click();
    const { nr, link: shared } = await recommendHere(anna.page);
    shared.searchParams.set('channel', 'whatsapp');
    expect(await statusOf(nr)).toBe('Offen');

    // The friend, in a browser of her own: link → data → consent → bank data → confirmation.
    const friend = await friendConfirms(browser, shared.toString(), FRIEND, FRIEND_IBAN);
    const orderLink = friend.page.getByRole('link', { name: 'Jetzt Vertrag abschließen' });
    await orderLink.waitFor();
    await expectNoViolations(friend.page, 'recipient confirmation');
    expect(await statusOf(nr)).toBe('Ok');

    // "Jetzt Vertrag abschließen" leads to the shop stand-in, which shows the product and takes the order.
    await orderLink.click();
    await friend.page.getByRole('heading', { level: 1, name: 'Ihre Bestellung' }).waitFor();
    const shopPage = new URL(friend.page.url());
    expect(`${shopPage.origin}${shopPage.pathname}`).toBe(`${shopUrl}/telko/`);
    expect(shopPage.searchParams.get('empfehlungsnummer')).toBe(nr);
    const recommended = await server.app.database.kysely
      .selectFrom('recommendation')
      .select('produkt_id')
      .where('mandant_id', '=', 'telko')
      .where('empfehlungsnummer', '=', nr)
      .executeTakeFirstOrThrow();
    const telkoMandant = server.app.mandants.get('telko');
    if (!telkoMandant) throw new Error('no telko mandant');
    const productName = findRecommendableProduct(
      telkoMandant,
      server.app.productCatalogues.get('telko'),
      recommended.produkt_id,
    ).name;
    await friend.page.getByText(productName, { exact: true }).waitFor();
    await expectNoViolations(friend.page, 'shop order page');
    await friend.page.getByLabel('Vorname').fill(FRIEND.vorname);
    await friend.page.getByLabel('Nachname').fill(FRIEND.nachname);
    await friend.page.getByLabel('E-Mail-Adresse').fill(FRIEND.email);
    await friend.page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await friend.page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }).waitFor();
    await expectNoViolations(friend.page, 'shop thanks page');
    expect(await statusOf(nr)).toBe('Ok');
    const [reward] = await rewardsOf(nr);
    expect(await rewardsOf(nr)).toEqual([
      { status: 'Offen', wert_cent: reward?.wert_cent, beneficiary: 'recommender' },
    ]);
    expect(reward?.wert_cent).toBeGreaterThan(0);

    // The client's CRM confirms the contract (the demo user plays it with the shop's button).
    await friend.page.getByRole('button', { name: 'Vertrag bestätigen (CRM)' }).click();
    await friend.page.getByRole('heading', { level: 1, name: 'Vertrag bestätigt' }).waitFor();
    await expectNoViolations(friend.page, 'shop contract page');
    expect(withoutFailedRequests(friend.errors)).toEqual([]);
    await friend.page.context().close();

    // The claim period passes; the release job frees the reward and mails Anna her reward link.
    clock.advanceDays(CLAIM_DAYS + 1);
    await server.app.jobs.run('releaseDueOrders');
    expect(await statusOf(nr)).toBe('Freigegeben');
    expect((await rewardsOf(nr)).map((row) => row.status)).toEqual(['Bereitgestellt']);
    const rewardLink = await rewardMailLink(server.app, telko(), ANNA.email);

    // The link leads to the reward choice (no login needed): a transfer, then the receipt form.
    const fromMail = await requestReward(browser, rewardLink, nr, 'Überweisung auf Ihr Konto', {
      vorname: 'Anna',
      nachname: 'Beispiel',
      email: ANNA.email,
    });
    await fromMail.page.context().close();

    // The back office makes a payout run; its SEPA file is valid pain.001.001.09; the run is executed.
    const today = berlinDay(clock.now());
    const run = await backOffice('POST', 'payout-runs', { Ausfuehrungsdatum: today });
    expect(run.status).toBe(201);
    const summary = JSON.parse(run.text) as { Id: string; SummeCent: number; Anzahl: number };
    expect(summary).toMatchObject({ SummeCent: reward?.wert_cent, Anzahl: 1 });
    const sepa = await backOffice('GET', `payout-runs/${summary.Id}/sepa`);
    expect(sepa.status).toBe(200);
    expect(sepa.text).toContain(ANNA_IBAN);
    expect(sepa.text).toContain('DE02500105170137075030');
    const validation = await validateXML({
      xml: [{ fileName: 'run.xml', contents: sepa.text }],
      schema: [{ fileName: 'pain.001.001.09.xsd', contents: await readFile(XSD, 'utf8') }],
    });
    expect(validation.errors).toEqual([]);
    const executed = await backOffice('POST', `payout-runs/${summary.Id}/executed`, {});
    expect(JSON.parse(executed.text)).toMatchObject({ Status: 'executed' });
    expect(await statusOf(nr)).toBe('Gezahlt');

    // Anna's dashboard: the recommendation is paid, and its timeline tells every step.
    const card = await dashboardCard(anna.page, telko(), ANNA, nr);
    await expect(card.textContent()).resolves.toContain('Status: Gezahlt');
    expect(await timelineSteps(card, nr)).toEqual([
      'Empfehlung ausgesprochen',
      'Ihr Kontakt hat seine Daten bestätigt',
      'Auftrag eingegangen',
      'Prämie vorgemerkt',
      'Vertrag bestätigt – Widerrufsfrist läuft',
      'Prämie freigegeben',
      'Prämie ausgezahlt',
      'Empfehlung abgeschlossen – vielen Dank!',
    ]);
    await expectNoViolations(anna.page, 'dashboard with the timeline open');
    expect(withoutFailedRequests(anna.errors)).toEqual([]);
    await anna.page.context().close();

    // Every event reached the client's endpoint once, signed with the shared secret.
    let delivered = 1;
    while (delivered > 0) delivered = await server.app.webhooks.deliverDue();
    const ids = receiver.received.map((hook) => hook.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(receiver.received.every((hook) => hook.verified)).toBe(true);
    const ours = receiver.received.filter((hook) => hook.data.empfehlungsnummer === nr);
    expect(ours.map((hook) => `${hook.type}:${hook.data.status}`).sort()).toEqual([
      'order.attributed:Ok',
      'recipient.confirmed:Ok',
      'recommendation.created:Offen',
      'recommendation.released:Freigegeben',
      'reward.paid:Ausgezahlt',
    ]);
  }, 240_000);
});
