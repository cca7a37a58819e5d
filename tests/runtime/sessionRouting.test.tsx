import { act, fireEvent, screen } from '@testing-library/react';
import { type AxiosAdapter, AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blockRegistry } from '../../blocks/registry.ts';
import baseTexts from '../../mandants/_base/i18n/de.json';
import { configureApi } from '../../runtime/api/api.ts';
import { loadErrorMessages } from '../../runtime/i18n/loadErrorMessages.ts';
import { defaultGuards } from '../../runtime/router/guards/defaultGuards.ts';
import { useLocation } from '../../runtime/router/navigation/index.ts';
import { RoutedPage } from '../../runtime/router/RoutedPage.tsx';
import { endAllSessions } from '../../runtime/session/clearSession.ts';
import { acceptUserLogin } from '../../runtime/session/sessionActions.ts';
import { sessionRestoringAtom, userTokenAtom } from '../../runtime/session/sessionAtoms.ts';
import { writeStoredToken } from '../../runtime/session/tokenStorage.ts';
import type { RuntimeStore } from '../../runtime/state/createRuntimeStore.ts';
import type { LoginResponse } from '../../schemas/account.ts';
import type { BootData, MandantResponse } from '../../schemas/api.ts';
import { renderInRuntime, sampleBootData } from './fixtures.tsx';

const TOKEN = `${btoa('{"alg":"HS256"}')}.${btoa(JSON.stringify({ kind: 'user', exp: 4_102_444_800 }))}.sig`;
const ANNA: LoginResponse = {
  Email: 'anna@example.org',
  Anrede: 'Frau',
  Vorname: 'Anna',
  Nachname: 'Beispiel',
  Empfehlerhash: 'h',
  Token: TOKEN,
  NewsletterOptinGegeben: false,
  NewsletterOptinVersendetAm: null,
  Language: 'de',
};

function bootData(flags: Partial<MandantResponse> = {}): BootData {
  const sample = sampleBootData();
  return {
    ...sample,
    mandant: {
      ...sample.mandant,
      ...flags,
      pages: {
        ...sample.mandant.pages,
        Login: { title: 'pages.Login.title', blocks: [{ id: 'login', type: 'LoginForm' }] },
        Logout: { title: 'pages.Logout.title', blocks: [{ id: 'logout', type: 'LogoutNotice' }] },
        Dashboard: { access: 'user', blocks: [{ id: 'greeting', type: 'Greeting' }] },
      },
    },
    routes: {
      ...sample.routes,
      Routes: {
        ...sample.routes.Routes,
        Login: '/login',
        Logout: '/logout',
        Dashboard: '/persoenlicher-bereich',
      },
    },
    languageContent: [
      ...sample.languageContent,
      ...Object.entries(baseTexts).map(([Key, Value]) => ({ Key, Value })),
    ],
  };
}

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

const location = () => screen.getByTestId('location').textContent;

function renderApp(
  url: string,
  api: Record<string, { status: number; data?: unknown }>,
  flags: Partial<MandantResponse> = {},
  prepare?: (store: RuntimeStore) => void,
) {
  const result = renderInRuntime(
    <>
      <RoutedPage registry={blockRegistry} guards={defaultGuards} />
      <LocationProbe />
    </>,
    { url, boot: bootData(flags), ...(prepare ? { prepare } : {}) },
  );
  const adapter: AxiosAdapter = async (config) => {
    const answer = api[`${config.method?.toUpperCase()} ${config.url}`] ?? { status: 404 };
    const response = {
      data: answer.data ?? null,
      status: answer.status,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (answer.status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  configureApi({
    mandantId: 'demo',
    getLanguage: () => 'de',
    adapter,
    onFirstUse: () => loadErrorMessages(result.i18n),
    auth: { token: () => result.store.get(userTokenAtom), onSessionEnd: () => endAllSessions(result.store) },
  });
  return result;
}

beforeEach(() => {
  window.localStorage.clear();
  writeStoredToken(null);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
});

afterEach(() => {
  vi.restoreAllMocks();
  writeStoredToken(null);
});

describe('session and guards in the routed page', () => {
  it('a guest on the personal area goes to login and, after login, back there (SPEC 2)', async () => {
    renderApp('/de/persoenlicher-bereich?widget=w1', { 'POST /account/login': { status: 200, data: ANNA } });
    // The first test of the file loads the page's lazy chunks cold (more of them since the back office).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(location()).toBe('/de/login?redirect=Dashboard&widget=w1');
    // The form (SchemaForm, a lazy chunk) follows the heading; its labels end in the required marker ' *'.
    fireEvent.change(await screen.findByLabelText(/^E-Mail-Adresse/, undefined, { timeout: 10_000 }), {
      target: { value: 'anna@example.org' },
    });
    fireEvent.change(screen.getByLabelText(/^Passwort/), { target: { value: 'Geheim123' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Anmelden' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hallo Anna' })).toBeTruthy();
    expect(location()).toBe('/de/persoenlicher-bereich?widget=w1');
  });

  it('shows the server’s message when the login fails, and stays', async () => {
    renderApp('/de/login', {
      'POST /account/login': { status: 401, data: { code: 'PSOF0200', message: '' } },
    });
    fireEvent.change(await screen.findByLabelText(/^E-Mail-Adresse/, undefined, { timeout: 10_000 }), {
      target: { value: 'anna@example.org' },
    });
    fireEvent.change(screen.getByLabelText(/^Passwort/), { target: { value: 'falsch' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Anmelden' })));
    expect((await screen.findByRole('alert')).textContent).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect(location()).toBe('/de/login');
  });

  it('waits while a stored session is restored instead of sending the user to login', async () => {
    const { store } = renderApp('/de/persoenlicher-bereich', {}, {}, (fresh) =>
      fresh.set(sessionRestoringAtom, true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(location()).toBe('/de/persoenlicher-bereich');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(document.body.dataset.pageReady).not.toBe('true');
    act(() => {
      acceptUserLogin(store, ANNA);
      store.set(sessionRestoringAtom, false);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hallo Anna' })).toBeTruthy();
    expect(location()).toBe('/de/persoenlicher-bereich');
  });

  it('a session the server ends (401) leaves the protected page for the login', async () => {
    const { store } = renderApp('/de/persoenlicher-bereich', {}, {}, (fresh) => acceptUserLogin(fresh, ANNA));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hallo Anna' })).toBeTruthy();
    act(() => endAllSessions(store));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(location()).toBe('/de/login?redirect=Dashboard');
  });

  it('the logout page logs out and keeps showing its confirmation', async () => {
    const { store } = renderApp('/de/logout', { 'POST /account/logout': { status: 204 } }, {}, (fresh) =>
      acceptUserLogin(fresh, ANNA),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sie sind abgemeldet' })).toBeTruthy();
    expect(store.get(userTokenAtom)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(location()).toBe('/de/logout');
  });

  it('logout when not logged in goes to the login (SPEC 2)', async () => {
    renderApp('/de/logout', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(location()).toBe('/de/login');
  });

  it('forced login sends a guest on the home page to login (SPEC 2)', async () => {
    renderApp('/de/', {}, { ModuleErzwingeLogin: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(location()).toBe('/de/login?redirect=Homepage');
  });
});
