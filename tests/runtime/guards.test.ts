import { describe, expect, it } from 'vitest';
import type { PageFile } from '../../domain/merge.ts';
import { defaultGuards } from '../../runtime/router/guards/defaultGuards.ts';
import {
  GUEST,
  type GuardContext,
  type GuardDecision,
  type SessionFacts,
} from '../../runtime/router/guards/Guard.ts';
import { readLoginRedirect } from '../../runtime/router/guards/loginRedirect.ts';
import { runGuards } from '../../runtime/router/guards/runGuards.ts';
import { resolveLocation } from '../../runtime/router/resolveLocation.ts';
import { buildRouteTable } from '../../runtime/router/routeTable.ts';
import type { MandantResponse } from '../../schemas/api.ts';

const table = buildRouteTable({
  Homepage: '/',
  Faq: '/faq',
  Imprint: '/impressum',
  Privacy: '/datenschutz',
  Code: '/code',
  Login: '/login',
  Admin: '/login/:token',
  Logout: '/logout',
  Dashboard: '/persoenlicher-bereich',
  Settings: '/meine-daten',
  Recommendation: '/empfehlen/:productId',
  RecipientData: '/empfaenger/:empfehlungsnummer',
  Thanks: '/danke',
  PrePage: '/exklusiv',
  Contact: '/kontakt',
  AgencyLogin: '/agentur/login',
  AgencyArea: '/agentur/bereich',
  AgencyHome: '/agentur',
  AgencyRegister: '/agentur/registrieren',
  AgencyLogout: '/agentur/logout',
});

const PAGES: Record<string, PageFile> = {
  // A page a mandant protects through its schema rather than SPEC's list.
  Thanks: { access: 'user', blocks: [] },
  Contact: { access: 'agency', blocks: [] },
};

type Flags = Partial<
  Pick<MandantResponse, 'ModuleAdv' | 'ModuleErzwingeLogin' | 'IsAutologin' | 'ForcedLoginPrePage'>
>;

const USER: SessionFacts = { ...GUEST, user: true };
const AGENCY: SessionFacts = { ...GUEST, agency: true };
const RESTORING: SessionFacts = { ...GUEST, restoring: true };
const LOGGED_OUT: SessionFacts = { ...GUEST, justLoggedOut: true };
const AGENCY_LOGGED_OUT: SessionFacts = { ...GUEST, justLoggedOutAgency: true };

function decide(url: string, flags: Flags = {}, session: SessionFacts = GUEST): GuardDecision | null {
  const parsed = new URL(url, 'http://app');
  const location = { pathname: parsed.pathname, search: parsed.search, hash: '' };
  const resolution = resolveLocation(location, { table, languages: ['de', 'en'], defaultLanguage: 'de' });
  if (resolution.kind !== 'page') throw new Error(`${url} does not resolve to a page`);
  const mandant = { pages: PAGES, ...flags } as MandantResponse;
  const context: GuardContext = { location, resolution, mandant, table, session };
  return runGuards(defaultGuards, context);
}

const back = (name: string, params?: Record<string, string>) =>
  `redirect=${name}${params ? `&redirectParams=${encodeURIComponent(JSON.stringify(params))}` : ''}`;

const WAIT = 'wait';

describe('navigation guards (SPEC 2, navigation rules)', () => {
  it.each<[string, string, Flags, SessionFacts, string | null]>([
    // "The imprint redirects to / when the advertising module is on."
    ['imprint with ModuleAdv → home', '/de/impressum', { ModuleAdv: true }, GUEST, '/de/'],
    [
      'imprint with ModuleAdv keeps widget',
      '/en/impressum?widget=w1',
      { ModuleAdv: true },
      GUEST,
      '/en/?widget=w1',
    ],
    ['imprint without ModuleAdv', '/de/impressum', {}, GUEST, null],

    // Settings and Login are "disabled with autologin".
    ['Login with IsAutologin → home', '/de/login', { IsAutologin: true }, GUEST, '/de/'],
    [
      'Settings with IsAutologin → home (even logged in)',
      '/de/meine-daten',
      { IsAutologin: true },
      USER,
      '/de/',
    ],
    ['Login without IsAutologin', '/de/login', {}, GUEST, null],
    [
      'Login with IsAutologin and forced login stays for a guest (else home ↔ login)',
      '/de/login',
      { IsAutologin: true, ModuleErzwingeLogin: true },
      GUEST,
      null,
    ],

    // "Pages needing login redirect to login with a redirect query (route name and params)."
    [
      'Dashboard as guest → login, back to Dashboard',
      '/de/persoenlicher-bereich',
      {},
      GUEST,
      `/de/login?${back('Dashboard')}`,
    ],
    ['Settings as guest → login', '/en/meine-daten', {}, GUEST, `/en/login?${back('Settings')}`],
    [
      'Dashboard keeps the widget',
      '/de/persoenlicher-bereich?widget=w1',
      {},
      GUEST,
      `/de/login?${back('Dashboard')}&widget=w1`,
    ],
    ['a page with access "user" → login', '/de/danke', {}, GUEST, `/de/login?${back('Thanks')}`],
    ['Dashboard logged in', '/de/persoenlicher-bereich', {}, USER, null],
    ['Dashboard while the session is restored: wait', '/de/persoenlicher-bereich', {}, RESTORING, WAIT],
    [
      'an agency login is no recommender login',
      '/de/persoenlicher-bereich',
      {},
      AGENCY,
      `/de/login?${back('Dashboard')}`,
    ],

    // "Logout when not logged in goes to /login."
    ['Logout as guest → login (no redirect query)', '/de/logout', {}, GUEST, '/de/login'],
    ['Logout logged in', '/de/logout', {}, USER, null],
    ['Logout right after logging out shows its confirmation', '/de/logout', {}, LOGGED_OUT, null],
    ['Logout while restoring: wait', '/de/logout', {}, RESTORING, WAIT],

    // "Agency pages without an agency login go to the agency login."
    [
      'agency area as guest → agency login',
      '/de/agentur/bereich',
      {},
      GUEST,
      `/de/agentur/login?${back('AgencyArea')}`,
    ],
    [
      'agency logout as guest → agency login',
      '/de/agentur/logout',
      {},
      GUEST,
      `/de/agentur/login?${back('AgencyLogout')}`,
    ],
    [
      'agency logout right after the agency user logged out shows its confirmation',
      '/de/agentur/logout',
      {},
      AGENCY_LOGGED_OUT,
      null,
    ],
    [
      'an agency logout does not open the recommender’s Logout page',
      '/de/logout',
      {},
      AGENCY_LOGGED_OUT,
      '/de/login',
    ],
    [
      'agency area right after the agency logout → agency login',
      '/de/agentur/bereich',
      {},
      AGENCY_LOGGED_OUT,
      `/de/agentur/login?${back('AgencyArea')}`,
    ],
    [
      'agency area as recommender → agency login',
      '/de/agentur/bereich',
      {},
      USER,
      `/de/agentur/login?${back('AgencyArea')}`,
    ],
    [
      'a page with access "agency" → agency login',
      '/de/kontakt',
      {},
      GUEST,
      `/de/agentur/login?${back('Contact')}`,
    ],
    ['agency area with agency login', '/de/agentur/bereich', {}, AGENCY, null],
    ['agency area while restoring: wait', '/de/agentur/bereich', {}, RESTORING, WAIT],
    ['public agency pages: login', '/de/agentur/login', {}, GUEST, null],
    ['public agency pages: home', '/de/agentur', {}, GUEST, null],
    ['public agency pages: registration', '/de/agentur/registrieren', {}, GUEST, null],

    // "If the forced-login module is on and the user is not logged in, all pages except an exception
    // list go to login, or to a client-specific pre-page."
    [
      'forced login: home → login, back home',
      '/de/',
      { ModuleErzwingeLogin: true },
      GUEST,
      `/de/login?${back('Homepage')}`,
    ],
    [
      'forced login: route params travel in the redirect query',
      '/de/empfehlen/4711',
      { ModuleErzwingeLogin: true },
      GUEST,
      `/de/login?${back('Recommendation', { productId: '4711' })}`,
    ],
    [
      'forced login with a pre-page → pre-page',
      '/de/',
      { ModuleErzwingeLogin: true, ForcedLoginPrePage: 'PrePage' },
      GUEST,
      `/de/exklusiv?${back('Homepage')}`,
    ],
    [
      'forced login with a pre-page the mandant has no route for → login',
      '/de/',
      { ModuleErzwingeLogin: true, ForcedLoginPrePage: 'Registration' },
      GUEST,
      `/de/login?${back('Homepage')}`,
    ],
    ['forced login: exception Login', '/de/login', { ModuleErzwingeLogin: true }, GUEST, null],
    [
      'forced login: exception Logout (then the logout rule)',
      '/de/logout',
      { ModuleErzwingeLogin: true },
      GUEST,
      '/de/login',
    ],
    ['forced login: exception FAQ', '/de/faq', { ModuleErzwingeLogin: true }, GUEST, null],
    ['forced login: exception imprint', '/de/impressum', { ModuleErzwingeLogin: true }, GUEST, null],
    ['forced login: exception privacy', '/de/datenschutz', { ModuleErzwingeLogin: true }, GUEST, null],
    ['forced login: exception code', '/de/code', { ModuleErzwingeLogin: true }, GUEST, null],
    [
      'forced login: exception recipient data',
      '/de/empfaenger/E-1',
      { ModuleErzwingeLogin: true },
      GUEST,
      null,
    ],
    [
      'forced login: exception exclusive (pre-page)',
      '/de/exklusiv',
      { ModuleErzwingeLogin: true },
      GUEST,
      null,
    ],
    [
      'forced login: the admin login is a way in',
      '/de/login/abcdefghijklmnopqrst',
      { ModuleErzwingeLogin: true },
      GUEST,
      null,
    ],
    [
      'forced login: agency pages have their own login',
      '/de/agentur/login',
      { ModuleErzwingeLogin: true },
      GUEST,
      null,
    ],
    ['forced login: logged in', '/de/', { ModuleErzwingeLogin: true }, USER, null],
    ['forced login while restoring: wait', '/de/', { ModuleErzwingeLogin: true }, RESTORING, WAIT],
    [
      'forced login: an agency user is still a guest here',
      '/de/',
      { ModuleErzwingeLogin: true },
      AGENCY,
      `/de/login?${back('Homepage')}`,
    ],
    [
      'forced login keeps the widget',
      '/de/?widget=w1',
      { ModuleErzwingeLogin: true },
      GUEST,
      `/de/login?${back('Homepage')}&widget=w1`,
    ],
    ['without forced login home is open', '/de/', {}, GUEST, null],
  ])('%s', (_rule, url, flags, session, expected) => {
    const decision = decide(url, flags, session);
    if (expected === null) expect(decision).toBeNull();
    else if (expected === WAIT) expect(decision).toMatchObject({ wait: true });
    else expect(decision).toMatchObject({ to: expected });
  });

  it('the redirect query names route and params, and reads back as the page to return to', () => {
    const decision = decide('/de/empfehlen/a%2Fb', { ModuleErzwingeLogin: true });
    const search = decision && 'to' in decision ? new URL(decision.to, 'http://app').search : '';
    expect(readLoginRedirect(search)).toEqual({ name: 'Recommendation', params: { productId: 'a/b' } });
  });
});
