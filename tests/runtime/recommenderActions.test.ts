import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../runtime/api/api.ts';
import {
  acceptRewardLink,
  deleteAccount,
  loadRewards,
  requestNewsletter,
  saveMyData,
} from '../../runtime/recommender/recommenderActions.ts';
import { readStoredRewardToken } from '../../runtime/recommender/rewardTokenStorage.ts';
import {
  rewardTokenAtom,
  type SessionUser,
  userAtom,
  userTokenAtom,
} from '../../runtime/session/sessionAtoms.ts';
import type { RuntimeStore } from '../../runtime/state/createRuntimeStore.ts';

const USER: SessionUser = {
  Email: 'anna@example.org',
  Anrede: 'Frau',
  Vorname: 'Anna',
  Nachname: 'Beispiel',
  Empfehlerhash: 'h',
  NewsletterOptinGegeben: false,
  NewsletterOptinVersendetAm: null,
  Language: 'de',
};
const SESSION = 'session.token.sig';
const LINK = 'r'.repeat(43);

type Answer = { status: number; data?: unknown };

/** The transport of the API client (our own seam): answers by `METHOD /path`, records what was sent. */
function wire(store: RuntimeStore, answers: Record<string, Answer>): InternalAxiosRequestConfig[] {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const key = `${(config.method ?? 'get').toUpperCase()} ${(config.url ?? '').split('?')[0]?.replace(/\/$/, '')}`;
    const answer = answers[key] ?? { status: 404 };
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
    auth: {
      token: () => store.get(userTokenAtom),
      rewardToken: () => store.get(rewardTokenAtom),
      onSessionEnd: () => undefined,
    },
  });
  return requests;
}

const authorization = (request: InternalAxiosRequestConfig | undefined) =>
  request?.headers.get('Authorization');

describe('personal area actions (runtime/recommender)', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => window.sessionStorage.clear());

  it('a reward link’s token is kept (memory and tab storage) once the server accepts it, forgotten when it refuses', async () => {
    const store = createStore();
    wire(store, { [`GET /empfehler/praemierungmail/${LINK}`]: { status: 200, data: { Id: 'p1' } } });
    await acceptRewardLink(store, LINK);
    expect(store.get(rewardTokenAtom)).toBe(LINK);
    expect(readStoredRewardToken()).toBe(LINK);

    wire(store, {
      [`GET /empfehler/praemierungmail/${LINK}`]: { status: 410, data: { code: 'PSOF0402', message: '' } },
    });
    await expect(acceptRewardLink(store, LINK)).rejects.toMatchObject({ code: 'PSOF0402' });
    expect(store.get(rewardTokenAtom)).toBeNull();
    expect(readStoredRewardToken()).toBeNull();
  });

  it('SPEC 6: reward calls carry the link’s token while nobody is logged in, the session otherwise', async () => {
    const store = createStore();
    store.set(rewardTokenAtom, LINK);
    const requests = wire(store, { 'GET /praemierung': { status: 200, data: [] } });
    await loadRewards(store);
    expect(authorization(requests[0])).toBe(`Bearer ${LINK}`);

    store.set(userAtom, USER);
    store.set(userTokenAtom, SESSION);
    await loadRewards(store);
    expect(authorization(requests[1])).toBe(`Bearer ${SESSION}`);
  });

  it('keeps the session’s user in step: my data and the newsletter state', async () => {
    const store = createStore();
    store.set(userAtom, USER);
    store.set(userTokenAtom, SESSION);
    wire(store, {
      'PUT /empfehler/meinedaten': { status: 200, data: { ...USER, Vorname: 'Annemarie', Token: SESSION } },
      'PUT /empfehler/setNewsletterOptin': {
        status: 200,
        data: {
          OptinAlreadySet: false,
          OptinMailAlreadySent: false,
          NewsletterOptinGegeben: false,
          NewsletterOptinVersendetAm: '2026-04-01T09:30:00',
        },
      },
    });
    await saveMyData(store, { Anrede: 'Frau', Vorname: 'Annemarie', Nachname: 'Beispiel' });
    expect(store.get(userAtom)?.Vorname).toBe('Annemarie');
    expect(store.get(userAtom)).not.toHaveProperty('Token');
    await requestNewsletter(store);
    expect(store.get(userAtom)?.NewsletterOptinVersendetAm).toBe('2026-04-01T09:30:00');
  });

  it('deleting the account ends the session here too (SPEC 4: user, token, storage) and forgets a reward link', async () => {
    const store = createStore();
    store.set(userAtom, USER);
    store.set(userTokenAtom, SESSION);
    store.set(rewardTokenAtom, LINK);
    wire(store, { 'DELETE /empfehler/delete': { status: 204 } });
    await deleteAccount(store);
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(userTokenAtom)).toBeNull();
    expect(store.get(rewardTokenAtom)).toBeNull();
  });

  it('a failed deletion keeps the session', async () => {
    const store = createStore();
    store.set(userAtom, USER);
    store.set(userTokenAtom, SESSION);
    wire(store, { 'DELETE /empfehler/delete': { status: 500, data: { code: 'PSOF0001', message: '' } } });
    await expect(deleteAccount(store)).rejects.toMatchObject({ code: 'PSOF0001' });
    expect(store.get(userAtom)).toEqual(USER);
  });
});
