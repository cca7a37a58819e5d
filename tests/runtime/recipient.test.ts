import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../runtime/api/api.ts';
import type { CookieJar } from '../../runtime/consent/cookieJar.ts';
import { nextRecipientStep } from '../../runtime/recipient/nextRecipientStep.ts';
import {
  fetchRecipientOrder,
  postCreateRecipient,
  putRecipientConsent,
} from '../../runtime/recipient/recipientApi.ts';
import { createRecipientStorage, recipientTokenKey } from '../../runtime/recipient/recipientStorage.ts';

/** A cookie jar in a map, remembering how long each cookie was written for. */
function memoryJar() {
  const cookies = new Map<string, { value: string; days: number }>();
  const jar: CookieJar = {
    read: (name) => cookies.get(name)?.value ?? null,
    write: (name, value, days) => cookies.set(name, { value, days }),
    remove: (name) => cookies.delete(name),
  };
  return { jar, cookies };
}

// SPEC 4: "Recipient cookie per recommendation: stores the recipient number after a successful existence
// check or creation; removed on failure."
describe('recipient storage', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps the recipient number in psoe_empfaenger_{nr} for 60 days and the token beside it', () => {
    const { jar, cookies } = memoryJar();
    const storage = createRecipientStorage(jar, window.localStorage);
    expect(storage.read('4711081500')).toBeNull();
    storage.remember('4711081500', { empfaengernummer: '5550001234', token: 'a.b.c' });
    expect(cookies.get('psoe_empfaenger_4711081500')).toEqual({ value: '5550001234', days: 60 });
    expect(window.localStorage.getItem(recipientTokenKey('4711081500'))).toBe('a.b.c');
    expect(storage.read('4711081500')).toEqual({ empfaengernummer: '5550001234', token: 'a.b.c' });
    // Per recommendation: another one knows nothing of it.
    expect(storage.read('4711081501')).toBeNull();
  });

  it('forgets cookie and token on failure', () => {
    const { jar, cookies } = memoryJar();
    const storage = createRecipientStorage(jar, window.localStorage);
    storage.remember('4711081500', { empfaengernummer: '5550001234', token: 'a.b.c' });
    storage.forget('4711081500');
    expect(cookies.size).toBe(0);
    expect(window.localStorage.getItem(recipientTokenKey('4711081500'))).toBeNull();
    expect(storage.read('4711081500')).toBeNull();
  });

  it('ignores a cookie that holds no recipient number, and works on with storage blocked', () => {
    const { jar } = memoryJar();
    jar.write('psoe_empfaenger_4711081500', '<script>', 60);
    window.localStorage.setItem(recipientTokenKey('4711081500'), 'a.b.c');
    expect(createRecipientStorage(jar, window.localStorage).read('4711081500')).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    const withoutStorage = createRecipientStorage(memoryJar().jar, blocked);
    withoutStorage.remember('4711081502', { empfaengernummer: '5550001234', token: 'x.y.z' });
    expect(withoutStorage.read('4711081502')).toEqual({ empfaengernummer: '5550001234', token: 'x.y.z' });
  });
});

describe('nextRecipientStep', () => {
  it.each([
    [{ Zustimmung: false, Bankdaten: null, BankdatenErforderlich: true }, 'RecipientConsent'],
    [{ Zustimmung: false, Bankdaten: null, BankdatenErforderlich: false }, 'RecipientConsent'],
    [{ Zustimmung: true, Bankdaten: null, BankdatenErforderlich: true }, 'BankDetailsRecipient'],
    [
      { Zustimmung: true, Bankdaten: { IBAN: 'DE89 …', Kontoinhaber: 'F' }, BankdatenErforderlich: true },
      'RecipientConfirmation',
    ],
    [{ Zustimmung: true, Bankdaten: null, BankdatenErforderlich: false }, 'RecipientConfirmation'],
  ])('%j → %s', (order, expected) => {
    expect(nextRecipientStep(order)).toBe(expected);
  });
});

// SPEC 6: "For reward and recipient paths the explicitly given header is used" — never the login session.
describe('recipient calls', () => {
  function recordingApi(data: unknown) {
    const requests: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      requests.push(config);
      return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
    };
    configureApi({
      mandantId: 'telko',
      getLanguage: () => 'de',
      adapter,
      auth: { token: () => 'session-token', onSessionEnd: () => undefined },
    });
    return requests;
  }

  it('send the recipient token, not the session token, to the recipient paths', async () => {
    const requests = recordingApi({});
    await fetchRecipientOrder('recipient-token');
    await putRecipientConsent('recipient-token', 'Ich stimme zu.');
    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer recipient-token',
      'Bearer recipient-token',
    ]);
    expect(requests[1]?.headers.get('X-Authorization')).toBe('Bearer recipient-token');
    expect(JSON.parse(String(requests[1]?.data))).toEqual({ AgbText: 'Ich stimme zu.' });
  });

  it('create the recipient with the channel the link was shared by', async () => {
    const requests = recordingApi({ Empfaengernummer: '5550001234', Token: 't' });
    const body = { Vorname: 'Felix', Nachname: 'Freund', Email: 'f@example.net', AgbAkzeptiert: true };
    await expect(postCreateRecipient('4711081500', body, 'whatsapp')).resolves.toEqual({
      Empfaengernummer: '5550001234',
      Token: 't',
    });
    expect(requests[0]?.url).toBe('/empfaenger/create/4711081500');
    expect(requests[0]?.params).toEqual({ channel: 'whatsapp' });
  });
});
