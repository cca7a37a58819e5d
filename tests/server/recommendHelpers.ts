import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import type { CreateRecommendationRequest } from '../../schemas/recommendFormApi.ts';
import { FIXTURES } from './helpers.ts';

/** Mandants for the recommend tests (fixtures/mandants/recommend/README.md). */
export const RECOMMEND_MANDANTS = path.join(FIXTURES, 'mandants', 'recommend');

/** Fetches a challenge like the widget and solves it like the browser's workers do. */
export async function solvedCaptcha(app: FastifyInstance, mandant: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/${mandant}/captcha/challenge` });
  if (response.statusCode !== 200)
    throw new Error(`challenge failed: ${response.statusCode} ${response.body}`);
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A valid create body for product 101 of alpha; override what a test is about. */
export function recommendBody(
  overrides: {
    Empfehlung?: Partial<CreateRecommendationRequest['Empfehlung']>;
    Empfehler?: Partial<CreateRecommendationRequest['Empfehler']>;
    Empfaenger?: CreateRecommendationRequest['Empfaenger'];
    Captcha?: string;
  } = {},
): CreateRecommendationRequest {
  return {
    Empfehlung: { Produkt: 101, AgbAkzeptiert: true, ...overrides.Empfehlung },
    Empfehler: { Vorname: 'Erika', Nachname: 'Muster', Email: 'erika@example.org', ...overrides.Empfehler },
    ...(overrides.Empfaenger ? { Empfaenger: overrides.Empfaenger } : {}),
    ...(overrides.Captcha !== undefined ? { Captcha: overrides.Captcha } : {}),
  };
}

let address = 0;
/** A client address of its own, so one test's attempts never meet another's rate limit. */
export function freshAddress(): string {
  address += 1;
  return `10.1.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

/** POST /Empfehlen/create as a guest (with a solved captcha unless the body has one). */
export async function createAsGuest(
  app: FastifyInstance,
  mandant: string,
  body: CreateRecommendationRequest,
  headers: Record<string, string> = {},
) {
  const captcha = body.Captcha ?? (await solvedCaptcha(app, mandant));
  return app.inject({
    method: 'POST',
    url: `/api/v1/${mandant}/Empfehlen/create`,
    payload: { ...body, Captcha: captcha },
    headers,
    remoteAddress: freshAddress(),
  });
}
