import { describe, expect, it } from 'vitest';
import { type BackofficeRole, backofficeAbilitiesOf } from '../../domain/backofficeAbilities.ts';
import type { PageFile } from '../../domain/merge.ts';
import { defaultGuards } from '../../runtime/router/guards/defaultGuards.ts';
import {
  GUEST,
  type GuardContext,
  type GuardDecision,
  SERVER_GUEST,
  type SessionFacts,
} from '../../runtime/router/guards/Guard.ts';
import { runGuards } from '../../runtime/router/guards/runGuards.ts';
import { resolveLocation } from '../../runtime/router/resolveLocation.ts';
import { buildRouteTable } from '../../runtime/router/routeTable.ts';
import type { MandantResponse } from '../../schemas/api.ts';

const table = buildRouteTable({
  Homepage: '/',
  Login: '/login',
  Logout: '/logout',
  Dashboard: '/persoenlicher-bereich',
  AgencyLogin: '/agentur/login',
  Contact: '/kontakt',
  BackofficeLogin: '/backoffice/anmelden',
  BackofficeLogout: '/backoffice/abmelden',
  BackofficeHome: '/backoffice',
  BackofficeOrders: '/backoffice/bestellungen',
  BackofficeReview: '/backoffice/pruefung',
  BackofficeStaff: '/backoffice/team',
});

// A page a mandant puts into the back office through its schema rather than by its route name.
const PAGES: Record<string, PageFile> = { Contact: { access: 'backoffice', blocks: [] } };

const staff = (...roles: BackofficeRole[]): SessionFacts => ({
  ...GUEST,
  backoffice: backofficeAbilitiesOf(roles),
});
const OPERATOR = staff('operator');
const VIEWER = staff('viewer');
const ADMIN = staff('admin');
const RECOMMENDER: SessionFacts = { ...GUEST, user: true };
const AGENCY: SessionFacts = { ...GUEST, agency: true };
const RESTORING: SessionFacts = { ...GUEST, backofficeRestoring: true };
const RECOMMENDER_RESTORING: SessionFacts = { ...GUEST, restoring: true };
const SIGNED_OUT: SessionFacts = { ...GUEST, justLoggedOutBackoffice: true };

type Flags = Partial<Pick<MandantResponse, 'ModuleErzwingeLogin'>>;

function decide(url: string, session: SessionFacts, flags: Flags = {}): GuardDecision | null {
  const parsed = new URL(url, 'http://app');
  const location = { pathname: parsed.pathname, search: parsed.search, hash: '' };
  const resolution = resolveLocation(location, { table, languages: ['de', 'en'], defaultLanguage: 'de' });
  if (resolution.kind !== 'page') throw new Error(`${url} does not resolve to a page`);
  const mandant = { pages: PAGES, ...flags } as MandantResponse;
  const context: GuardContext = { location, resolution, mandant, table, session };
  return runGuards(defaultGuards, context);
}

const back = (name: string) => `redirect=${name}`;
const WAIT = 'wait';

describe('back-office guard (issue 15)', () => {
  it.each<[string, string, SessionFacts, Flags, string | null]>([
    [
      'home as guest → sign-in, back home',
      '/de/backoffice',
      GUEST,
      {},
      `/de/backoffice/anmelden?${back('BackofficeHome')}`,
    ],
    [
      'a section as guest → sign-in, back to it (English, widget kept)',
      '/en/backoffice/bestellungen?widget=w1',
      GUEST,
      {},
      `/en/backoffice/anmelden?${back('BackofficeOrders')}&widget=w1`,
    ],
    [
      'a recommender is no back-office user',
      '/de/backoffice',
      RECOMMENDER,
      {},
      `/de/backoffice/anmelden?${back('BackofficeHome')}`,
    ],
    [
      'an agency user neither',
      '/de/backoffice',
      AGENCY,
      {},
      `/de/backoffice/anmelden?${back('BackofficeHome')}`,
    ],
    [
      'a page with access "backoffice" → sign-in',
      '/de/kontakt',
      GUEST,
      {},
      `/de/backoffice/anmelden?${back('Contact')}`,
    ],
    ['while this tab’s token is checked: wait', '/de/backoffice/bestellungen', RESTORING, {}, WAIT],
    [
      'a recommender’s restore does not hold the back office up',
      '/de/backoffice',
      RECOMMENDER_RESTORING,
      {},
      `/de/backoffice/anmelden?${back('BackofficeHome')}`,
    ],
    [
      'the server cannot see the tab’s session: the browser decides',
      '/de/backoffice',
      SERVER_GUEST,
      {},
      WAIT,
    ],
    ['home signed in', '/de/backoffice', VIEWER, {}, null],
    ['a section the roles grant', '/de/backoffice/pruefung', OPERATOR, {}, null],
    ['a section read by every role', '/de/backoffice/bestellungen', VIEWER, {}, null],
    [
      'a section the roles do not grant → the start page',
      '/de/backoffice/pruefung',
      VIEWER,
      {},
      '/de/backoffice',
    ],
    ['staff for the operator → the start page', '/en/backoffice/team', OPERATOR, {}, '/en/backoffice'],
    ['staff for the admin', '/de/backoffice/team', ADMIN, {}, null],
    ['the sign-in is public', '/de/backoffice/anmelden', GUEST, {}, null],
    ['the sign-in while signed in (it offers the way in)', '/de/backoffice/anmelden', OPERATOR, {}, null],
    [
      'sign-out as guest → sign-in',
      '/de/backoffice/abmelden',
      GUEST,
      {},
      `/de/backoffice/anmelden?${back('BackofficeLogout')}`,
    ],
    ['sign-out signed in', '/de/backoffice/abmelden', OPERATOR, {}, null],
    [
      'sign-out right after signing out shows its confirmation',
      '/de/backoffice/abmelden',
      SIGNED_OUT,
      {},
      null,
    ],
    [
      'a section right after signing out → sign-in',
      '/de/backoffice/bestellungen',
      SIGNED_OUT,
      {},
      `/de/backoffice/anmelden?${back('BackofficeOrders')}`,
    ],
    [
      'a back-office sign-out does not open the recommender’s Logout page',
      '/de/logout',
      SIGNED_OUT,
      {},
      '/de/login',
    ],
    [
      'a back-office session opens no recommender page',
      '/de/persoenlicher-bereich',
      OPERATOR,
      {},
      `/de/login?${back('Dashboard')}`,
    ],
    // Forced login (a recommender's login) does not apply to the back office: it has its own sign-in.
    [
      'forced login: the sign-in stays reachable',
      '/de/backoffice/anmelden',
      GUEST,
      { ModuleErzwingeLogin: true },
      null,
    ],
    [
      'forced login: a section goes to the back-office sign-in',
      '/de/backoffice',
      GUEST,
      { ModuleErzwingeLogin: true },
      `/de/backoffice/anmelden?${back('BackofficeHome')}`,
    ],
    [
      'forced login: signed in to the back office only',
      '/de/backoffice',
      OPERATOR,
      { ModuleErzwingeLogin: true },
      null,
    ],
  ])('%s', (_rule, url, session, flags, expected) => {
    const decision = decide(url, session, flags);
    if (expected === WAIT) expect(decision).toMatchObject({ wait: true });
    else expect(decision && 'to' in decision ? decision.to : null).toBe(expected);
  });
});
