import { describe, expect, it } from 'vitest';
import type { Praemie } from '../../schemas/products.ts';
import { nextStep } from '../../server/lifecycle/nextStep.ts';
import { fraudReasons, isDisposableEmail } from '../../server/orders/fraudChecks.ts';
import { orderReward } from '../../server/orders/orderRewards.ts';

const praemie = (WertCent: number, Startdatum: string, Enddatum: string | null = null): Praemie => ({
  Id: WertCent,
  Titel: 'Prämie',
  Startdatum,
  Enddatum,
  EnddatumAnzeige: null,
  WertCent,
  Wert: '',
});

describe('the reward an order earns (issue 13, SPEC 1: the product actually ordered, on the order date)', () => {
  it.each([
    [
      'the reward active on the order date',
      [praemie(7000, '2026-01-01T00:00:00')],
      '2026-05-01',
      100,
      0,
      7000,
      0,
    ],
    [
      'the highest of several active',
      [praemie(5000, '2026-01-01T00:00:00'), praemie(9000, '2026-03-01T00:00:00')],
      '2026-05-01',
      100,
      0,
      9000,
      0,
    ],
    [
      'not one that starts after the order date',
      [praemie(5000, '2026-01-01T00:00:00'), praemie(9000, '2026-06-01T00:00:00')],
      '2026-05-01',
      100,
      0,
      5000,
      0,
    ],
    [
      'not one that ended before it',
      [praemie(5000, '2020-06-02T00:00:00', '2020-12-31T23:59:59')],
      '2026-05-01',
      100,
      0,
      0,
      0,
    ],
    ['split 50:50', [praemie(5000, '2026-01-01T00:00:00')], '2026-05-01', 50, 0, 2500, 2500],
    [
      'the recipient’s part capped (MaxEmpfaengerPraemieCent)',
      [praemie(5000, '2026-01-01T00:00:00')],
      '2026-05-01',
      50,
      1000,
      4000,
      1000,
    ],
  ] as const)('%s', (_name, praemien, orderDate, anteil, cap, recommender, recipient) => {
    expect(
      orderReward({ praemien, orderDate, shownCent: 1234, anteilEmpfehler: anteil, maxRecipientCent: cap }),
    ).toEqual({ recommenderCent: recommender, recipientCent: recipient });
  });

  it('a product without rewards of its own (an agent) earns what the recommendation showed', () => {
    expect(
      orderReward({
        praemien: [],
        orderDate: '2026-05-01',
        shownCent: 2500,
        anteilEmpfehler: 100,
        maxRecipientCent: 0,
      }),
    ).toEqual({
      recommenderCent: 2500,
      recipientCent: 0,
    });
  });
});

describe('fraud checks at attribution (issue 13)', () => {
  const person = { email: 'anna@example.org', vorname: 'Anna', nachname: 'Muster', iban: null };
  const friend = { email: 'ben@example.net', vorname: 'Ben', nachname: 'Freund', iban: null };
  const facts = {
    recommender: person,
    recipient: friend,
    recommendationsSameDay: 0,
    otherAccountsWithIban: 0,
    recipientsFromClientSameDay: 0,
    alreadyCustomer: false,
  };

  it.each([
    ['nothing suspicious', {}, []],
    ['the same e-mail', { recipient: { ...friend, email: 'ANNA@example.org' } }, ['self_recommendation']],
    [
      'the same name',
      { recipient: { ...friend, vorname: 'anna', nachname: 'muster ' } },
      ['self_recommendation'],
    ],
    [
      'the same IBAN',
      {
        recommender: { ...person, iban: 'DE02 1203 0000 0000 2020 51' },
        recipient: { ...friend, iban: 'DE02120300000000202051' },
      },
      ['self_recommendation'],
    ],
    ['a burst from one recommender', { recommendationsSameDay: 11 }, ['burst_account']],
    ['ten a day is not a burst', { recommendationsSameDay: 10 }, []],
    ['an IBAN another recommender uses too', { otherAccountsWithIban: 1 }, ['shared_iban']],
    ['a burst of friends from one browser', { recipientsFromClientSameDay: 6 }, ['burst_client']],
    ['five from one browser is not a burst', { recipientsFromClientSameDay: 5 }, []],
    ['a disposable domain', { recipient: { ...friend, email: 'x@mailinator.com' } }, ['disposable_email']],
    ['already a customer', { alreadyCustomer: true }, ['already_customer']],
  ] as const)('%s', (_name, patch, expected) => {
    expect(fraudReasons({ ...facts, ...patch })).toEqual(expected);
  });

  it('knows disposable domains from the maintained list, case-insensitively', () => {
    expect(isDisposableEmail('a@MAILINATOR.com')).toBe(true);
    expect(isDisposableEmail('a@telekom.de')).toBe(false);
    expect(isDisposableEmail(null)).toBe(false);
  });
});

describe('what comes next on the timeline (issue 13)', () => {
  const link = new Date('2026-03-01T00:00:00Z');
  const chosen = new Date('2026-05-01T10:00:00Z');
  const base = { linkExpiresAt: link, order: null, reward: null };
  const order = { concludedAt: null, releaseDueAt: null, review: 'none' as const };
  const reward = {
    status: 'Bereitgestellt' as const,
    art: null,
    chosenAt: null,
    chooseUntil: new Date('2026-06-01T00:00:00Z'),
  };

  it.each([
    ['Offen: the friend gives data before the link runs out', { status: 'Offen' }, 'recipient_data', link],
    ['Ok without order: the friend orders', { status: 'Ok' }, 'order', null],
    ['Ok with an order: the client confirms the contract', { status: 'Ok', order }, 'contract', null],
    [
      'Ok with a flagged order: the review',
      { status: 'Ok', order: { ...order, review: 'pending' } },
      'review',
      null,
    ],
    [
      'Ok with a contract: the claim period',
      {
        status: 'Ok',
        order: { ...order, concludedAt: chosen, releaseDueAt: new Date('2026-05-15T22:00:00Z') },
      },
      'claim_period',
      new Date('2026-05-15T22:00:00Z'),
    ],
    [
      'Freigegeben, nothing chosen: choose by',
      { status: 'Freigegeben', reward },
      'choose_reward',
      reward.chooseUntil,
    ],
    [
      'Freigegeben, cash: paid within four weeks (SPEC 9)',
      { status: 'Freigegeben', reward: { ...reward, art: 'Geld', chosenAt: chosen } },
      'payout',
      new Date('2026-05-29T10:00:00Z'),
    ],
    [
      'Freigegeben, voucher: within 24 hours (SPEC 9)',
      { status: 'Freigegeben', reward: { ...reward, art: 'Gutschein', chosenAt: chosen } },
      'voucher',
      new Date('2026-05-02T10:00:00Z'),
    ],
  ] as const)('%s', (_name, facts, code, date) => {
    expect(nextStep({ ...base, ...facts })).toEqual({ code, date });
  });

  it.each(['Gezahlt', 'Storniert', 'Abgelaufen'] as const)('%s has no next step', (status) => {
    expect(nextStep({ ...base, status })).toBeNull();
  });
});
