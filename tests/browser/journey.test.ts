import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enabledChannels, isLinkChannel } from '../../domain/recommendationLinks.ts';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { countClicks } from '../support/seedRecommendation.ts';
import { channelNames, declineTracking, fillRecommender, solveCaptcha } from './fixtures/recommend.ts';
import { expectH1, withoutFailedRequests } from './fixtures/session.ts';

/**
 * Issue 4, "done when": the whole recommendation journey in Chromium over the real server and database.
 * A recommender picks a product and recommends it, the share page offers the mandant's channels in rank
 * order, the friend follows the link in a fresh browser context, gives data, consents and bank details,
 * and sees the confirmation. Afterwards the database holds exactly one recommendation, one recipient,
 * one click and one consent record for it. axe finds nothing on any page on the way.
 */
const harness = browserHarness();

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

interface Journey {
  mandant: string;
  /** Opens the product's recommend page the way a visitor gets there. */
  toRecommendPage: (page: Page, origin: string) => Promise<void>;
  recommender: { vorname: string; nachname: string; email: string };
  friend: { vorname: string; nachname: string; email: string; iban: string };
}

/** The recommender's part: recommend → share page. Returns the link the friend receives. */
async function recommend(browser: Browser, journey: Journey, origin: string): Promise<string> {
  const { page, errors } = await openPage(browser);
  await journey.toRecommendPage(page, origin);
  await expectH1(page, 'Jetzt empfehlen');
  await declineTracking(page);
  await page.getByRole('button', { name: 'Empfehlung abgeben' }).waitFor();
  await expectNoViolations(page, 'recommend page');
  await fillRecommender(page, journey.recommender);
  await page.getByLabel(/Ich akzeptiere die Teilnahmebedingungen/).check();
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Empfehlung abgeben' }).click();

  await expectH1(page, 'Empfehlung teilen');
  await page.getByRole('list', { name: 'Teilen per …' }).waitFor();
  const mandant = harness.server.app.mandants.get(journey.mandant);
  if (!mandant) throw new Error(`no mandant ${journey.mandant}`);
  const ranked = enabledChannels(mandant.config).filter(isLinkChannel);
  const names = await channelNames(page);
  expect(names).toHaveLength(ranked.length);
  await expectNoViolations(page, 'share page');
  const link = await page.getByLabel('Ihr Link').inputValue();
  expect(withoutFailedRequests(errors)).toEqual([]);
  await page.context().close();
  // The recommender sends it by WhatsApp (or the mandant's first channel): same link, that channel.
  const url = new URL(link);
  url.searchParams.set('channel', ranked[0] ?? 'copy');
  return url.toString();
}

/** The friend's part, in a fresh browser context: link → data → consent → bank data → confirmation. */
async function answer(browser: Browser, journey: Journey, link: string): Promise<void> {
  const { page, errors } = await openPage(browser);
  await page.goto(link);
  await expectH1(page, 'Eine Empfehlung für Sie');
  await waitForPageReady(page);
  await declineTracking(page);
  await page.getByLabel('Vorname').waitFor();
  await expectNoViolations(page, 'recipient data');
  await page.getByLabel('Vorname').fill(journey.friend.vorname);
  await page.getByLabel('Nachname').fill(journey.friend.nachname);
  await page.getByLabel('E-Mail-Adresse').fill(journey.friend.email);
  await page.getByLabel(/Ich akzeptiere die Teilnahmebedingungen/).check();
  await page.getByRole('button', { name: 'Daten absenden' }).click();

  await expectH1(page, 'Teilnahme- und Datenschutzbedingungen');
  await expectNoViolations(page, 'consent');
  await page.getByLabel('Ich stimme den Teilnahme- und Datenschutzbedingungen zu.').check();
  await page.getByRole('button', { name: 'Zustimmen und weiter' }).click();

  await expectH1(page, 'Ihre Bankverbindung');
  await expectNoViolations(page, 'bank data');
  await page.getByLabel('IBAN').fill(journey.friend.iban);
  await page.getByLabel('Kontoinhaber').fill(`${journey.friend.vorname} ${journey.friend.nachname}`);
  await page.getByRole('button', { name: 'Bankverbindung speichern' }).click();

  await expectH1(page, 'Vielen Dank für Ihre Bestätigung!');
  await expectNoViolations(page, 'confirmation');
  expect(withoutFailedRequests(errors)).toEqual([]);
  await page.context().close();
}

/** Exactly one recommendation by the recommender, one recipient, one click and one consent record. */
async function expectOneOfEach(journey: Journey): Promise<void> {
  const db = harness.server.app.database.kysely;
  const recommendations = await db
    .selectFrom('recommendation')
    .selectAll()
    .where('mandant_id', '=', journey.mandant)
    .where('empfehler_email', '=', journey.recommender.email)
    .execute();
  expect(recommendations).toHaveLength(1);
  const recommendation = recommendations[0];
  if (!recommendation) return;
  await harness.server.app.clickBuffer.flush();
  expect(await countClicks(harness.server.app, recommendation.id)).toBe(1);
  const recipients = await db
    .selectFrom('recipient')
    .selectAll()
    .where('recommendation_id', '=', recommendation.id)
    .execute();
  expect(recipients).toHaveLength(1);
  expect(recipients[0]).toMatchObject({ email: journey.friend.email, mandant_id: journey.mandant });
  expect(recipients[0]?.confirmed_at).not.toBeNull();
  expect(recipients[0]?.iban_encrypted).not.toContain(journey.friend.iban.slice(0, 8));
  const consents = await db
    .selectFrom('recipient_consent')
    .select(['recipient_consent.text_version', 'recipient_consent.mandant_id'])
    .innerJoin('recipient', 'recipient.id', 'recipient_consent.recipient_id')
    .where('recipient.recommendation_id', '=', recommendation.id)
    .execute();
  expect(consents).toEqual([
    { text_version: expect.stringMatching(/^[0-9a-f]{64}$/), mandant_id: journey.mandant },
  ]);
}

const journeys: Journey[] = [
  {
    mandant: 'telko',
    // data-driven source: from a product category page to the product's recommend button.
    toRecommendPage: async (page, origin) => {
      await page.goto(`${origin}/de/internet`);
      await waitForPageReady(page);
      await declineTracking(page);
      await page.locator('a[href^="/de/empfehlen/"]').first().click();
    },
    recommender: { vorname: 'Jana', nachname: 'Journey', email: 'jana.journey@example.org' },
    friend: {
      vorname: 'Felix',
      nachname: 'Freund',
      email: 'felix.journey@example.net',
      iban: 'DE89370400440532013000',
    },
  },
  {
    mandant: 'versicherung',
    // generic source: the mandant's own products on the home page, 25 € reward.
    toRecommendPage: async (page, origin) => {
      await page.goto(`${origin}/de/`);
      await waitForPageReady(page);
      await declineTracking(page);
      await page.getByRole('link', { name: 'Privathaftpflicht empfehlen' }).click();
      await page.waitForURL(/\/de\/empfehlen\/101$/);
    },
    recommender: { vorname: 'Hanna', nachname: 'Hafen', email: 'hanna.hafen@example.org' },
    friend: {
      vorname: 'Paul',
      nachname: 'Pier',
      email: 'paul.pier@example.net',
      iban: 'DE02120300000000202051',
    },
  },
];

describe('the whole recommendation journey (issue 4)', () => {
  it.each(journeys)(
    '$mandant: product → recommend → share → link → data, consent, bank data → confirmation',
    async (journey) => {
      const origin = harness.server.url(journey.mandant);
      const link = await recommend(harness.browser, journey, origin);
      expect(link.startsWith(`${origin}/empfehlen/click/`)).toBe(true);
      await answer(harness.browser, journey, link);
      await expectOneOfEach(journey);
    },
  );
});
