import type { InjectOptions } from 'fastify';

/** A number no demo recommendation has: ids in paths are placeholders (the refusal comes before them). */
export const PLACEHOLDER = '4710000999';

/** What a request of the matrix is built from: the route's method and URL as Fastify registered it. */
export interface RouteKey {
  method: string;
  url: string;
}

/**
 * A call of the route on the telko demo with placeholder parameters and an empty body. The auth hooks run
 * before validation, so that is enough for them; the routes that check their caller inside the handler
 * need well-formed input (OVERRIDES), or validation would answer first.
 */
export function requestOf({ method, url }: RouteKey, token: string | undefined): InjectOptions {
  const override = OVERRIDES[`${method} ${url}`]?.(token);
  const path = url
    .replace(':mandant', 'telko')
    .replace(/:lang\b/, 'de')
    .replace(/\*$/, 'matrix.css')
    .replace(/:[A-Za-z]+/g, PLACEHOLDER);
  const base: InjectOptions = {
    method: method as InjectOptions['method'],
    url: path,
    ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}),
  };
  return { ...base, ...override };
}

const API = '/api/v1/telko';
/** A recommendation of the telko demo that is live (a recipient can still follow it). */
export const DEMO_RECOMMENDATION = '4710000002';
const NO_REWARD = '00000000-0000-4000-8000-000000000000';
const FRIEND = { Vorname: 'Felix', Nachname: 'Freund', Email: 'felix.freund@example.net' };

/**
 * Well-formed calls of the routes that check their caller in the handler (after validation), by the
 * caller's token (undefined for a guest).
 */
const OVERRIDES: Record<string, (token: string | undefined) => Partial<InjectOptions>> = {
  'GET /api/v1/:mandant/kontakt': () => ({ url: `${API}/kontakt?cmd=IsCaptchaRequired` }),
  'POST /api/v1/:mandant/kontakt': () => ({
    payload: { Name: 'Matrix', Email: 'matrix@example.net', Betreff: 'Frage', Nachricht: 'Hallo' },
  }),
  // The agency token travels in the query here.
  'GET /api/v1/:mandant/token/verifyAgenturToken': (token) => ({
    url: `${API}/token/verifyAgenturToken?t=${encodeURIComponent(token ?? 'none')}`,
  }),
  'POST /api/v1/:mandant/Empfehlen/create': () => ({ payload: undefined }),
  'GET /api/v1/:mandant/empfehlen/:nr': () => ({ url: `${API}/empfehlen/${DEMO_RECOMMENDATION}` }),
  'PUT /api/v1/:mandant/empfehlung/:nr': () => ({
    url: `${API}/empfehlung/${DEMO_RECOMMENDATION}`,
    payload: { Channel: 'whatsapp' },
  }),
  'PUT /api/v1/:mandant/empfehler/bankdaten': () => ({
    payload: { IBAN: 'DE89 3704 0044 0532 0130 00', Kontoinhaber: 'Anna Beispiel' },
  }),
  // Issue 16: a well-formed registration, so the optional session's check (401 PSOF0204) answers, not validation.
  'POST /api/v1/:mandant/profi/registrieren': () => ({
    payload: {
      Art: 'Person',
      Vorname: 'Matrix',
      Nachname: 'Profi',
      Email: 'matrix.profi@example.net',
      Strasse: 'Hauptstraße 1',
      Plz: '10115',
      Ort: 'Berlin',
      Steuerstatus: 'Kleinunternehmer',
      Steuernummer: '21/815/08150',
    },
  }),
  'PUT /api/v1/:mandant/praemierung': () => ({
    payload: { Id: NO_REWARD, PraemieId: NO_REWARD, ...FRIEND },
  }),
};
