import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signRequest } from '../../server/integration/verifySignature.ts';
import { platformShopSecret } from '../../server/shop/platformShopSecret.ts';
import { berlinDay } from '../server/orderHelpers.ts';
import { createdRecipient, recipientHeaders } from '../server/recipientHelpers.ts';
import { createAsGuest, recommendBody } from '../server/recommendHelpers.ts';
import { axeViolations, browserHarness, openPage } from '../support/browser.ts';
import { expectH1 } from './fixtures/session.ts';

/**
 * Issue 14, "Done when": an invitation ends in a registered recommender whose recommendation, order and
 * release show in the agency's order report. In Chromium against the real server: the employee invites in
 * the invitation tool, the customer registers through the mailed link, recommends, the friend gives their
 * data, the client's shop reports the order and the contract (signed integration API), the employee releases
 * the order in "Status und Freigabe", and the order report shows it released with the employee's name.
 */
const harness = browserHarness();
const telko = () => harness.server.url('telko');
const EMPLOYEE = 'mia.mitarbeiterin@netzplus.example';
const PASSWORD = 'Kettenbrief7Gut';

/** A signed integration event, as the client's shop sends it (docs/integration-api.md). */
async function integrationEvent(event: Record<string, unknown>): Promise<void> {
  const app = harness.server.app;
  const secret = await platformShopSecret(app)('telko');
  if (!secret) throw new Error('telko has no shop key');
  const body = JSON.stringify(event);
  const key = randomUUID();
  const at = new Date();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/telko/integration/events',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-api-key': 'shop',
      'idempotency-key': key,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signRequest(secret, key, body, at),
    },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('from the agency’s invitation to its released order (issue 14)', () => {
  it('invite, register, recommend, order, release: the order report shows it', async () => {
    const app = harness.server.app;
    const email = `kette.${Date.now()}@kunden.example`;

    // The employee invites the customer in the invitation tool.
    const { page: agency, errors } = await openPage(harness.browser);
    const agencyToken = await app.issueAgencyToken('telko', EMPLOYEE);
    await agency.goto(`${telko()}/de/agentur/login?t=${encodeURIComponent(agencyToken)}`);
    await agency.waitForURL(/\/agentur\/bereich$/, { timeout: 20_000 });
    await agency.goto(`${telko()}/de/agentur/einladungstool`);
    await expectH1(agency, 'Einladungstool');
    const form = agency.getByRole('tabpanel');
    await form.getByLabel(/^Vorname/).fill('Karin');
    await form.getByLabel(/^Nachname/).fill('Kette');
    await form.getByLabel(/^E-Mail/).fill(email);
    await form.getByRole('button', { name: 'Einladung senden' }).click();
    await form.getByText(`Die Einladung an Karin Kette (${email}) ist verschickt.`).waitFor();

    // The customer opens the mailed link and registers.
    const mail = (await app.mail.list(100)).find((candidate) => candidate.recipient === email);
    const link = mail?.text?.match(/https?:\/\/\S+\/einladung\/\S+/)?.[0];
    if (!link) throw new Error('no invitation link in the mail');
    const { page: customer, errors: customerErrors } = await openPage(harness.browser);
    await customer.goto(link);
    await expectH1(customer, 'Ihre Einladung');
    await customer.getByLabel(/^Passwort( \*)?$/).fill(PASSWORD);
    await customer.getByLabel(/^Passwort wiederholen( \*)?$/).fill(PASSWORD);
    await customer.getByRole('checkbox').check();
    await customer.getByRole('button', { name: 'Registrierung abschließen und anmelden' }).click();
    await customer.waitForURL(`${telko()}/de/persoenlicher-bereich`);
    expect(customerErrors).toEqual([]);

    // The new recommender recommends a product; a friend gives their data and consents.
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/telko/account/login',
      payload: { Email: email, Password: PASSWORD },
    });
    const made = await createAsGuest(
      app,
      'telko',
      recommendBody({
        Empfehlung: { Produkt: 602 },
        Empfehler: { Vorname: 'Karin', Nachname: 'Kette', Email: email },
      }),
      { authorization: `Bearer ${login.json<{ Token: string }>().Token}` },
    );
    expect(made.statusCode, made.body).toBe(201);
    const nr = made.json<{ Empfehlungsnummer: string }>().Empfehlungsnummer;
    const friend = await createdRecipient(app, 'telko', nr, {
      Vorname: 'Fritz',
      Nachname: 'Freund',
      Email: `fritz.${Date.now()}@freunde.example`,
      AgbAkzeptiert: true,
    });
    const consent = await app.inject({
      method: 'PUT',
      url: '/api/v1/telko/empfaenger/zustimmung',
      headers: recipientHeaders(friend.Token),
      payload: { AgbText: 'Ich stimme den Teilnahmebedingungen zu.' },
    });
    expect(consent.statusCode, consent.body).toBe(200);

    // The client's shop reports the order and the concluded contract.
    const auftragsnummer = `KETTE-${Date.now()}`;
    await integrationEvent({
      Typ: 'order.placed',
      Empfehlungsnummer: nr,
      Auftragsnummer: auftragsnummer,
      ProduktId: '602',
      // Today as the client's shop writes it: a Berlin calendar day (the UTC date is yesterday's after 23:00).
      Auftragsdatum: berlinDay(new Date()),
      Kanal: 'link',
    });
    await integrationEvent({ Typ: 'contract.concluded', Auftragsnummer: auftragsnummer });

    // The employee releases it under "Status und Freigabe".
    await agency.reload();
    await expectH1(agency, 'Einladungstool');
    await agency.getByRole('tab', { name: 'Status und Freigabe' }).click();
    await agency.getByRole('table', { name: 'Aufträge Ihrer Agentur' }).waitFor();
    const release = agency.getByRole('button', { name: `Auftrag ${auftragsnummer} freigeben` });
    await release.click();
    await agency.getByText(`Auftrag ${auftragsnummer} ist freigegeben.`).waitFor({ state: 'attached' });

    // The order report lists it: the recommender, the employee, released.
    await agency.goto(`${telko()}/de/agentur/auftraege`);
    await expectH1(agency, 'Auftragsreport');
    const row = agency.getByRole('row').filter({ hasText: auftragsnummer });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Karin Kette');
    expect(text).toContain('Mia Mitarbeiterin');
    expect(text).toContain(nr);
    expect(await axeViolations(agency)).toEqual([]);
    expect(errors).toEqual([]);

    const order = await app.database.kysely
      .selectFrom('customer_order')
      .innerJoin('agency', 'agency.id', 'customer_order.agency_id')
      .select(['agency.agenturnummer', 'customer_order.agency_release'])
      .where('customer_order.external_order_id', '=', auftragsnummer)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ agenturnummer: 'A-1001', agency_release: 'released' });
    await agency.context().close();
    await customer.context().close();
  });
});
