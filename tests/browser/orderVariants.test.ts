import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinDay, CLAIM_DAYS } from '../server/orderHelpers.ts';
import { openPage, type WatchedPage } from '../support/browser.ts';
import {
  cardLines,
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
 * Issue 13, "done when", the other ways a recommendation goes: a cancellation, a fraud flag with approval,
 * an expired link and a voucher reward, each on the telecom demo in Chromium. The recommender's and the
 * friend's steps go through the browser; the client's (signed integration API) and the system's (sweeps)
 * are called directly. Each ends on Anna's dashboard with the status and why it ended or what comes next,
 * axe on each new state. The server side of each is tested in tests/server/orderToReward.test.ts.
 *
 * Anna can hold one open recommendation per product, so each variant recommends a product of its own. The
 * clock only moves forward and new recommendations take their 60 days from the real time: the expired link
 * comes last.
 */
describe('order variants on the telecom demo (issue 13)', () => {
  let programme: OrderProgramme;
  let anna: WatchedPage;

  beforeAll(async () => {
    programme = await startOrderProgramme();
    anna = await loggedIn(programme.browser, programme.telko(), ANNA);
  });
  afterAll(async () => {
    await programme?.close();
  });

  const telko = () => programme.telko();

  /** Anna recommends product `produktId` on its recommend form. */
  async function annaRecommends(produktId: string) {
    anna.errors.length = 0;
    await anna.page.goto(`${telko()}/de/empfehlen/${produktId}`);
    return recommendHere(anna.page);
  }

  /** An event of the client's CRM; resolves with the answer's body (and fails on anything but 200). */
  async function crmEvent(event: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await programme.backOffice('POST', 'events', event);
    expect(response.status, response.text).toBe(200);
    return JSON.parse(response.text) as Record<string, unknown>;
  }

  const orderPlaced = (nr: string, auftragsnummer: string, produktId: string) =>
    crmEvent({
      Typ: 'order.placed',
      Empfehlungsnummer: nr,
      Auftragsnummer: auftragsnummer,
      ProduktId: produktId,
      Auftragsdatum: berlinDay(programme.clock.now()),
      Kanal: 'link',
    });

  /**
   * Anna's dashboard, loaded afresh, shows recommendation `nr` with `status`, the line saying why it ended
   * or what comes next (`outlook`, when there is one) and, when given, the `timeline`; axe on that state.
   */
  async function expectOnDashboard(
    nr: string,
    where: string,
    expected: { status: string; outlook?: string | RegExp; timeline?: string[] },
  ) {
    const card = await dashboardCard(anna.page, telko(), ANNA, nr);
    expect(await card.textContent(), where).toContain(`Status: ${expected.status}`);
    if (expected.outlook !== undefined) {
      expect(await cardLines(card), where).toContainEqual(
        typeof expected.outlook === 'string' ? expected.outlook : expect.stringMatching(expected.outlook),
      );
    }
    if (expected.timeline) expect(await timelineSteps(card, nr), where).toEqual(expected.timeline);
    await expectNoViolations(anna.page, `dashboard: ${where}`);
    expect(withoutFailedRequests(anna.errors), where).toEqual([]);
    return card;
  }

  it('a cancelled order: Storniert with its reason on the dashboard, and a mail to the recommender', async () => {
    const { nr } = await annaRecommends('609');
    expect(await orderPlaced(nr, 'STORNO-1', '609')).toMatchObject({ Empfehlungsstatus: 'Ok' });
    const cancelled = await crmEvent({
      Typ: 'order.cancelled',
      Auftragsnummer: 'STORNO-1',
      Grund: 'Widerruf innerhalb der Frist',
    });
    expect(cancelled).toMatchObject({ Empfehlungsstatus: 'Storniert' });
    expect((await programme.rewardsOf(nr)).map((reward) => reward.status)).toEqual(['Storniert']);

    const mail = (await programme.server.app.mail.list(100)).find(
      (entry) =>
        entry.recipient === ANNA.email &&
        entry.template === 'recommendationUpdate' &&
        entry.subject === `Ihre Empfehlung ${nr} wurde storniert`,
    );
    expect(mail?.text).toContain('Grund: Der Auftrag wurde storniert oder widerrufen.');

    await expectOnDashboard(nr, 'a cancelled recommendation', {
      status: 'Storniert',
      outlook: `Storniert: Auftrag storniert oder Vertrag widerrufen – am ${await programme.eventDay(nr, 'order.cancelled')}`,
      timeline: [
        'Empfehlung ausgesprochen',
        'Auftrag eingegangen',
        'Prämie vorgemerkt',
        'Storniert: Auftrag storniert oder Vertrag widerrufen',
      ],
    });
  });

  it('a flagged order (disposable e-mail) waits for the review; approved, it is Freigegeben', async () => {
    const { nr, link } = await annaRecommends('610');
    const friend = await friendConfirms(
      programme.browser,
      link.toString(),
      { vorname: 'Willi', nachname: 'Wegwerf', email: 'willi.wegwerf@mailinator.com' },
      'DE02120300000000202051',
    );
    expect(withoutFailedRequests(friend.errors)).toEqual([]);
    await friend.page.context().close();

    expect(await orderPlaced(nr, 'PRUEF-1', '610')).toMatchObject({
      Empfehlungsstatus: 'Ok',
      Pruefung: 'pending',
      Pruefgruende: ['disposable_email'],
    });
    await crmEvent({ Typ: 'contract.concluded', Auftragsnummer: 'PRUEF-1' });
    // The claim period is over, but the release sweep leaves a flagged order alone.
    programme.clock.advanceDays(CLAIM_DAYS + 1);
    await programme.server.app.jobs.run('releaseDueOrders');
    expect(await programme.statusOf(nr)).toBe('Ok');

    await expectOnDashboard(nr, 'an order under review', {
      status: 'Ok',
      outlook: 'Als Nächstes: Wir prüfen den Auftrag',
    });

    const review = await programme.backOffice('POST', 'orders/PRUEF-1/review', { Entscheidung: 'freigeben' });
    expect(review.status).toBe(200);
    expect(JSON.parse(review.text)).toMatchObject({ Empfehlungsstatus: 'Freigegeben', Pruefung: 'approved' });

    const card = await expectOnDashboard(nr, 'approved after the review', {
      status: 'Freigegeben',
      outlook: /^Als Nächstes: Wählen Sie Ihre Prämie – bis spätestens \d{2}\.\d{2}\.\d{4}$/,
      timeline: [
        'Empfehlung ausgesprochen',
        'Ihr Kontakt hat seine Daten bestätigt',
        'Auftrag eingegangen',
        'Prämie vorgemerkt',
        'Vertrag bestätigt – Widerrufsfrist läuft',
        'Prämie freigegeben',
      ],
    });
    expect(await card.getByRole('link', { name: `Prämie wählen für Empfehlung ${nr}` }).count()).toBe(1);
  });

  it('a voucher reward: chosen from the reward mail, delivered from the pool, Gezahlt', async () => {
    const codes = ['WG-TELKO-0001', 'WG-TELKO-0002'];
    const imported = await programme.backOffice(
      'POST',
      'vouchers/import',
      `PraemieId;Code\n${codes.map((code) => `wunschgutschein;${code}`).join('\n')}\n`,
    );
    expect([imported.status, JSON.parse(imported.text)]).toEqual([200, { Importiert: 2, Doppelt: 0 }]);

    const { nr } = await annaRecommends('611');
    await orderPlaced(nr, 'GUTSCHEIN-1', '611');
    await crmEvent({ Typ: 'contract.concluded', Auftragsnummer: 'GUTSCHEIN-1' });
    programme.clock.advanceDays(CLAIM_DAYS + 1);
    await programme.server.app.jobs.run('releaseDueOrders');
    expect(await programme.statusOf(nr)).toBe('Freigegeben');

    const rewardLink = await rewardMailLink(programme.server.app, telko(), ANNA.email);
    const fromMail = await requestReward(programme.browser, rewardLink, nr, 'Wunschgutschein', {
      vorname: 'Anna',
      nachname: 'Beispiel',
      email: ANNA.email,
    });
    expect(await fromMail.page.locator('main p').allTextContents()).toContain('Ihre Wahl: Wunschgutschein');
    await expectNoViolations(fromMail.page, 'reward thanks: a voucher chosen');
    expect(withoutFailedRequests(fromMail.errors)).toEqual([]);
    await fromMail.page.context().close();

    await programme.server.app.jobs.run('deliverVouchers');
    const voucherMail = (await programme.server.app.mail.list(100)).find(
      (entry) => entry.recipient === ANNA.email && entry.template === 'voucherDelivered',
    );
    const code = /Ihr Gutscheincode: (\S+)/.exec(voucherMail?.text ?? '')?.[1];
    expect(codes).toContain(code);
    expect((await programme.rewardsOf(nr)).map((reward) => reward.status)).toEqual(['Abgeholt']);
    expect(await programme.statusOf(nr)).toBe('Gezahlt');

    const paidCard = await expectOnDashboard(nr, 'paid with a voucher', {
      status: 'Gezahlt',
      timeline: [
        'Empfehlung ausgesprochen',
        'Auftrag eingegangen',
        'Prämie vorgemerkt',
        'Vertrag bestätigt – Widerrufsfrist läuft',
        'Prämie freigegeben',
        'Gutschein per E-Mail verschickt',
        'Empfehlung abgeschlossen – vielen Dank!',
      ],
    });
    // The reward line says what happened to a voucher (Abgeholt), not that it is still being prepared.
    expect(await paidCard.textContent()).toContain('Ihr Gutschein ist per E-Mail verschickt');
  });

  it('a link nobody followed for 60 days: expired for the friend, Abgelaufen on the dashboard', async () => {
    const { nr, link } = await annaRecommends('612');
    await programme.server.app.jobs.run('expireLifecycle');
    expect(await programme.statusOf(nr)).toBe('Offen');
    programme.clock.advanceDays(61);
    await programme.server.app.jobs.run('expireLifecycle');
    expect(await programme.statusOf(nr)).toBe('Abgelaufen');

    const { page, errors } = await openPage(programme.browser);
    await page.goto(link.toString());
    await expectH1(page, 'Diese Empfehlung ist leider nicht mehr möglich');
    await expectNoViolations(page, 'the expired link');
    expect(withoutFailedRequests(errors)).toEqual([]);
    await page.context().close();

    await expectOnDashboard(nr, 'an expired recommendation', {
      status: 'Abgelaufen',
      outlook: `Abgelaufen: Link nicht innerhalb von 60 Tagen genutzt – am ${await programme.eventDay(nr, 'link.expired')}`,
      timeline: ['Empfehlung ausgesprochen', 'Abgelaufen: Link nicht innerhalb von 60 Tagen genutzt'],
    });
  });
});
