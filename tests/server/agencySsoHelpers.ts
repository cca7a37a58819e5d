import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { AgencySsoStart } from '../../schemas/agencySso.ts';

/** The password insertAgency gives staff unless told otherwise (also at the local provider). */
export const STAFF_PASSWORD = 'Agentur-Passwort-9';

/** A copy of the valid fixture mandants whose `alpha` agencies sign in at the local provider. */
export async function withLocalSso(dir: string, clientId = 'alpha-agenturen'): Promise<void> {
  const file = path.join(dir, 'alpha', 'mandant.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  config.agencySso = { issuer: 'local', clientId };
  await writeFile(file, JSON.stringify(config, null, 2));
}

/** An agency of `mandant` with these staff (e-mail, roles, status; optional password hash). */
export async function insertAgency(
  app: FastifyInstance,
  mandant: string,
  agency: { agenturnummer: string; firma: string; ssoDepartment: string | null },
  staff: {
    email: string;
    name: string;
    roles: string[];
    status?: 'active' | 'inactive' | 'blocked';
    /** Default STAFF_PASSWORD; null: no password. */
    password?: string | null;
  }[],
): Promise<string> {
  const db = app.database.kysely;
  const { id } = await db
    .insertInto('agency')
    .values({
      mandant_id: mandant,
      agenturnummer: agency.agenturnummer,
      firma: agency.firma,
      sso_department: agency.ssoDepartment,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const person of staff) {
    await db
      .insertInto('agency_user')
      .values({
        mandant_id: mandant,
        email: person.email,
        name: person.name,
        roles: person.roles,
        status: person.status ?? 'active',
        agency_id: id,
        password_hash:
          person.password === null ? null : await app.passwordHasher.hash(person.password ?? STAFF_PASSWORD),
      })
      .execute();
  }
  return id;
}

export interface Authorization {
  start: AgencySsoStart;
  verifier: string;
  state: string;
  /** The redirect back from the provider: code, state and iss. */
  callback: URL;
}

/**
 * What the browser does: GET agentur/sso, then the provider's authorization endpoint with PKCE S256 and a
 * state, its sign-in form (`login` typed in), redirects with the provider's cookies, until the provider
 * sends the browser back to the redirect URI.
 */
export async function authorize(
  app: FastifyInstance,
  mandant: string,
  login: string,
  {
    host = `${mandant}.localhost:8080`,
    password = STAFF_PASSWORD,
    /** The start route: the agency's, or the back office's `backoffice/sso`. */
    path = 'agentur/sso',
  } = {},
): Promise<Authorization> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/${mandant}/${path}`,
    headers: { host },
  });
  if (response.statusCode !== 200) throw new Error(`GET ${path}: ${response.statusCode} ${response.body}`);
  const start = response.json<AgencySsoStart>();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = new URL(start.AuthorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: start.ClientId,
    redirect_uri: start.RedirectUri,
    scope: start.Scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();

  const cookies = new Map<string, string>();
  const send = async (target: URL, init: RequestInit = {}): Promise<Response> => {
    const answer = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return answer;
  };

  let next = url;
  let answer = await send(next);
  for (let step = 0; step < 10; step++) {
    if (answer.status >= 300 && answer.status < 400) {
      const location = new URL(answer.headers.get('location') ?? '', next);
      if (location.href.startsWith(start.RedirectUri)) return { start, verifier, state, callback: location };
      next = location;
      answer = await send(next);
      continue;
    }
    const html = await answer.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (answer.status === 401) throw new Error('the provider refused the password');
    if (answer.status !== 200 || !action || !html.includes('name="login"')) {
      throw new Error(`provider answered ${answer.status}: ${html.slice(0, 300)}`);
    }
    next = new URL(action.replace(/&amp;/g, '&'), next);
    answer = await send(next, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login, password }).toString(),
    });
  }
  throw new Error('the provider did not redirect back');
}

/** PUT agentur/sso as the block sends it after the redirect. */
export function exchange(
  app: FastifyInstance,
  mandant: string,
  body: Record<string, unknown>,
  options: { host?: string; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/${mandant}/agentur/sso`,
    headers: { host: options.host ?? `${mandant}.localhost:8080` },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: body,
  });
}

/** The body the block sends for an authorization. */
export function exchangeBody({ callback, verifier }: Authorization): Record<string, string> {
  const params = callback.searchParams;
  return {
    Code: params.get('code') ?? '',
    Verifier: verifier,
    State: params.get('state') ?? '',
    ...(params.get('iss') ? { Iss: params.get('iss') ?? '' } : {}),
  };
}
