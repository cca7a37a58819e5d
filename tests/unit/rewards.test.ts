import { describe, expect, it } from 'vitest';
import { wireDateTime } from '../../domain/format.ts';
import {
  activeRewardRange,
  isRewardActive,
  maxActiveReward,
  parseSharePercent,
  type RewardWindow,
  splitReward,
} from '../../domain/rewards.ts';
import type { Praemie } from '../../schemas/products.ts';

const NOW = '2025-06-15T12:00:00';

function reward(id: number, wertCent: number, window: Partial<RewardWindow> = {}): Praemie {
  return {
    Id: id,
    Titel: `Prämie ${id}`,
    Startdatum: '2025-01-01T00:00:00',
    Enddatum: null,
    EnddatumAnzeige: null,
    WertCent: wertCent,
    Wert: '',
    ...window,
  };
}

describe('isRewardActive — SPEC 4: start today or earlier; no end date, or display end date today or later, or end date not past', () => {
  it.each<[string, Partial<RewardWindow>, boolean]>([
    ['started earlier, no end date', {}, true],
    ['starts today (at midnight)', { Startdatum: '2025-06-15T00:00:00' }, true],
    ['starts later today: the start date is today', { Startdatum: '2025-06-15T18:00:00' }, true],
    ['starts tomorrow', { Startdatum: '2025-06-16T00:00:00' }, false],
    [
      'end date past, display end date today',
      { Enddatum: '2025-06-10T23:59:59', EnddatumAnzeige: '2025-06-15T00:00:00' },
      true,
    ],
    [
      'end date past, display end date later',
      { Enddatum: '2025-06-10T23:59:59', EnddatumAnzeige: '2025-07-01T00:00:00' },
      true,
    ],
    [
      'end date past, display end date yesterday',
      { Enddatum: '2025-06-10T23:59:59', EnddatumAnzeige: '2025-06-14T00:00:00' },
      false,
    ],
    ['end date not past, no display end date', { Enddatum: '2025-06-15T12:00:00' }, true],
    ['end date a second ago, no display end date', { Enddatum: '2025-06-15T11:59:59' }, false],
    [
      'end date later, display end date yesterday: the end date is not past',
      { Enddatum: '2025-06-30T00:00:00', EnddatumAnzeige: '2025-06-14T00:00:00' },
      true,
    ],
    [
      'SPEC 9 multi-reward 2020-06-02 to 2020-12-31, seen in 2025',
      {
        Startdatum: '2020-06-02T00:00:00',
        Enddatum: '2020-12-31T23:59:59',
        EnddatumAnzeige: '2020-12-31T00:00:00',
      },
      false,
    ],
  ])('%s → %s', (_case, window, active) => {
    expect(isRewardActive(reward(1, 5000, window), NOW)).toBe(active);
  });

  it('SPEC 9 multi-reward: active on its last display day, not the day after', () => {
    const multi = reward(4, 5000, {
      Startdatum: '2020-06-02T00:00:00',
      Enddatum: '2020-12-31T23:59:59',
      EnddatumAnzeige: '2020-12-31T00:00:00',
    });
    expect(isRewardActive(multi, '2020-06-01T23:59:59')).toBe(false);
    expect(isRewardActive(multi, '2020-06-02T00:00:00')).toBe(true);
    expect(isRewardActive(multi, '2020-12-31T23:59:59')).toBe(true);
    expect(isRewardActive(multi, '2021-01-01T00:00:00')).toBe(false);
  });
});

describe('activeRewardRange and maxActiveReward — SPEC 4: the highest or lowest active value', () => {
  const rewards = [
    reward(1, 7000),
    reward(2, 9000),
    reward(3, 11000, { Startdatum: '2025-07-01T00:00:00' }),
    reward(4, 2500, { Enddatum: '2025-01-31T23:59:59' }),
  ];

  it('ignores rewards outside their window', () => {
    expect(activeRewardRange(rewards, NOW)).toEqual({ minCent: 7000, maxCent: 9000 });
    expect(maxActiveReward(rewards, NOW)?.Id).toBe(2);
  });

  it('a single active value is both minimum and maximum', () => {
    expect(activeRewardRange([reward(1, 7000)], NOW)).toEqual({ minCent: 7000, maxCent: 7000 });
  });

  it('no active reward gives null', () => {
    expect(activeRewardRange([], NOW)).toBeNull();
    expect(activeRewardRange([rewards[2] as Praemie], NOW)).toBeNull();
    expect(maxActiveReward([rewards[3] as Praemie], NOW)).toBeNull();
  });
});

describe('wireDateTime — reward dates are Berlin wall-clock time in the wire format', () => {
  it.each([
    ['summer (UTC+2)', '2025-06-15T22:30:00Z', '2025-06-16T00:30:00'],
    ['winter (UTC+1)', '2025-01-15T08:05:09Z', '2025-01-15T09:05:09'],
    ['New Year in Berlin, still the old year in UTC', '2024-12-31T23:00:00Z', '2025-01-01T00:00:00'],
  ])('%s', (_case, instant, wall) => {
    expect(wireDateTime(new Date(instant))).toBe(wall);
  });
});

describe('splitReward — SPEC 1: 50:50 split option, default share 100; MaxEmpfaengerPraemieCent caps the recipient', () => {
  it.each([
    ['recommender keeps everything (default 100)', 7000, 100, 0, 7000, 0],
    ['50:50', 7000, 50, 0, 3500, 3500],
    ['odd cents: the recipient gets the rounded half', 7001, 50, 0, 3500, 3501],
    ['recipient gets everything', 7000, 0, 0, 0, 7000],
    ['cap 5000 does not bite at 50:50 of 70 €', 7000, 50, 5000, 3500, 3500],
    ['cap 5000 (telko demo) keeps 110 € split 0:100 at 50 € for the recipient', 11000, 0, 5000, 6000, 5000],
    ['cap 2000 at 50:50 of 70 €', 7000, 50, 2000, 5000, 2000],
    ['cap 0 means no cap', 9000, 0, 0, 0, 9000],
  ])('%s', (_case, value, share, cap, recommender, recipient) => {
    expect(splitReward(value, share, cap)).toEqual({
      recommenderCent: recommender,
      recipientCent: recipient,
    });
  });
});

describe('parseSharePercent — SPEC 5: parsed as an integer, default 100', () => {
  it.each<[unknown, number]>([
    ['100', 100],
    ['50', 50],
    [50, 50],
    ['0', 0],
    ['50abc', 50],
    ['', 100],
    [undefined, 100],
    [null, 100],
    ['abc', 100],
    ['150', 100],
    [-5, 100],
    [12.5, 100],
  ])('%j → %i', (value, expected) => {
    expect(parseSharePercent(value)).toBe(expected);
  });
});
