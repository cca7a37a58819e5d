import { describe, expect, it } from 'vitest';
import { CONSENT_CATEGORIES } from '../../runtime/consent/consentCategories.ts';
import { consentServices } from '../../runtime/consent/consentServices.ts';
import {
  ALL_ACCEPTED,
  type ConsentState,
  categoryConsent,
  completeChoice,
  decide,
  ONLY_REQUIRED,
  sameConsent,
  trackerConsent,
  UNSET_CONSENT,
} from '../../runtime/consent/consentState.ts';
import { shouldShowBanner } from '../../runtime/consent/shouldShowBanner.ts';
import type { Tracking } from '../../schemas/api.ts';

const analyticsOnly = decide({ functional: false, analytical: true, marketing: false }, 1_000);
const all = decide(ALL_ACCEPTED, 1_000);
const none = decide(ONLY_REQUIRED, 1_000);

describe('consent categories (SPEC 1 and 3: id, title, descriptions, required flag, position)', () => {
  it('are required, functional, analytical, marketing in this order, only required is required', () => {
    expect(CONSENT_CATEGORIES.map((c) => [c.id, c.required, c.position])).toEqual([
      ['required', true, 1],
      ['functional', false, 2],
      ['analytical', false, 3],
      ['marketing', false, 4],
    ]);
  });

  it('take title and description from i18n keys', () => {
    expect(CONSENT_CATEGORIES[2]).toMatchObject({
      title: 'consent.category.analytical.title',
      description: 'consent.category.analytical.description',
    });
  });
});

describe('consent per category and per tracker (SPEC 4: given, declined or unset)', () => {
  it.each<[string, ConsentState, Parameters<typeof categoryConsent>[1], string]>([
    ['nothing decided: required is still given', UNSET_CONSENT, 'required', 'given'],
    ['nothing decided: analytical is unset', UNSET_CONSENT, 'analytical', 'unset'],
    ['nothing decided: marketing is unset', UNSET_CONSENT, 'marketing', 'unset'],
    ['only required: analytical declined', none, 'analytical', 'declined'],
    ['only required: required given', none, 'required', 'given'],
    ['analytics only: analytical given', analyticsOnly, 'analytical', 'given'],
    ['analytics only: marketing declined', analyticsOnly, 'marketing', 'declined'],
    ['all accepted: functional given', all, 'functional', 'given'],
  ])('%s', (_case, state, id, expected) => {
    expect(categoryConsent(state, id)).toBe(expected);
  });

  it.each<[string, ConsentState, Tracking['category'], string]>([
    ['an analytical tracker before any decision', UNSET_CONSENT, 'analytical', 'unset'],
    ['an analytical tracker with analytics given', analyticsOnly, 'analytical', 'given'],
    ['a marketing tracker with analytics only', analyticsOnly, 'marketing', 'declined'],
    ['a functional tracker with all accepted', all, 'functional', 'given'],
    ['an analytical tracker after "only required"', none, 'analytical', 'declined'],
  ])('%s', (_case, state, category, expected) => {
    expect(trackerConsent(state, { category })).toBe(expected);
  });
});

describe('a partial choice (an external manager names only some categories)', () => {
  it.each<[string, ConsentState, object, object]>([
    [
      'fills the rest with "not given" when nothing was decided',
      UNSET_CONSENT,
      { analytical: true },
      { functional: false, analytical: true, marketing: false },
    ],
    [
      'keeps the rest of an earlier decision',
      all,
      { marketing: false },
      { functional: true, analytical: true, marketing: false },
    ],
    ['ignores values that are not booleans', none, { analytical: 'yes' }, ONLY_REQUIRED],
  ])('%s', (_case, state, partial, expected) => {
    expect(completeChoice(state, partial)).toEqual(expected);
  });

  it('sameConsent compares choices, not times', () => {
    expect(sameConsent(decide(ALL_ACCEPTED, 1), decide(ALL_ACCEPTED, 2))).toBe(true);
    expect(sameConsent(all, none)).toBe(false);
    expect(sameConsent(UNSET_CONSENT, none)).toBe(false);
    expect(sameConsent(UNSET_CONSENT, UNSET_CONSENT)).toBe(true);
  });
});

describe('banner visibility (SPEC 2: suppressed on the privacy and imprint pages)', () => {
  it.each<[string, Parameters<typeof shouldShowBanner>[0], boolean]>([
    ['nothing decided, home page', { mode: 'internal', state: UNSET_CONSENT, routeName: 'Homepage' }, true],
    [
      'nothing decided, 404 page',
      { mode: 'internal', state: UNSET_CONSENT, routeName: 'FileNotFound' },
      true,
    ],
    [
      'nothing decided, privacy page',
      { mode: 'internal', state: UNSET_CONSENT, routeName: 'Privacy' },
      false,
    ],
    [
      'nothing decided, imprint page',
      { mode: 'internal', state: UNSET_CONSENT, routeName: 'Imprint' },
      false,
    ],
    ['decided', { mode: 'internal', state: none, routeName: 'Homepage' }, false],
    ['external manager decides', { mode: 'external', state: UNSET_CONSENT, routeName: 'Homepage' }, false],
    ['no page on screen yet', { mode: 'internal', state: UNSET_CONSENT, routeName: null }, false],
  ])('%s → %s', (_case, input, expected) => {
    expect(shouldShowBanner(input)).toBe(expected);
  });
});

describe('what each category covers (settings dialog detail)', () => {
  const trackings: Tracking[] = [
    { id: 'stats', type: 'matomo', url: 'https://analytics.example/', siteId: 105, category: 'analytical' },
    { id: 'ads', type: 'matomo', url: 'https://ads.example', siteId: 7, category: 'marketing' },
  ];

  it.each([
    ['required', ['psoe_consent']],
    ['functional', []],
    ['analytical', ['tracker:stats']],
    ['marketing', ['channel', 'tracker:ads']],
  ] as const)('%s lists %j', (category, keys) => {
    expect(consentServices(category, trackings).map((service) => service.key)).toEqual(keys);
  });

  it('names the consent cookie with its 60 days and the channel cookie with its 730 days (SPEC 9)', () => {
    expect(consentServices('required', [])[0]).toMatchObject({ cookie: 'psoe_consent', days: 60 });
    expect(consentServices('marketing', [])[0]).toMatchObject({ cookie: 'channel', days: 730 });
  });

  it('shows a tracker by its host', () => {
    expect(consentServices('analytical', trackings)[0]).toMatchObject({
      name: 'consent.service.matomo.name',
      host: 'analytics.example',
    });
  });
});
