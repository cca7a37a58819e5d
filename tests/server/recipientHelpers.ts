import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  buildTestApp,
  copyFixture,
  TEST_SESSION_SECRET,
  type TestDatabase,
  VALID_MANDANTS,
} from './helpers.ts';

/**
 * The fixture mandants with the recipient modules the tests need: alpha stores bank data, German IBANs
 * only, recipient reward capped at 20 €; beta stores bank data of any country, no cap; gamma stores none.
 */
export async function buildRecipientTestApp(database: TestDatabase): Promise<FastifyInstance> {
  const fixture = await copyFixture(VALID_MANDANTS);
  await patchMandant(fixture.dir, 'alpha', {
    ModuleStoringBankdata: true,
    ModuleIBANNurDE: true,
    MaxEmpfaengerPraemieCent: 2000,
  });
  await patchMandant(fixture.dir, 'beta', { ModuleStoringBankdata: true });
  try {
    return await buildTestApp(database, {
      mandantsDir: fixture.dir,
      sessionSecret: TEST_SESSION_SECRET,
      setup: (app) => app.addHook('onClose', fixture.remove),
    });
  } catch (error) {
    await fixture.remove();
    throw error;
  }
}

async function patchMandant(dir: string, mandant: string, patch: Record<string, unknown>): Promise<void> {
  const file = path.join(dir, mandant, 'mandant.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...config, ...patch }, null, 2));
}

export interface CreatedRecipient {
  Empfaengernummer: string;
  Token: string;
}

let nextAddress = 0;
/** A client address of its own per call, so that only the rate-limit tests meet the limits. */
function freshAddress(): string {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

/** POST /empfaenger/create/{nr} as the runtime sends it. */
export function createRecipient(
  app: FastifyInstance,
  mandant: string,
  nr: string,
  body: Record<string, unknown>,
  options: { channel?: string; remoteAddress?: string } = {},
) {
  const query = options.channel ? `?channel=${options.channel}` : '';
  return app.inject({
    method: 'POST',
    url: `/api/v1/${mandant}/empfaenger/create/${nr}${query}`,
    payload: body,
    remoteAddress: options.remoteAddress ?? freshAddress(),
  });
}

export const FRIEND = {
  Vorname: 'Felix',
  Nachname: 'Freund',
  Email: 'felix.freund@example.net',
  AgbAkzeptiert: true,
};

/** A recipient created through the API; fails the test otherwise. */
export async function createdRecipient(
  app: FastifyInstance,
  mandant: string,
  nr: string,
  body: Record<string, unknown> = FRIEND,
): Promise<CreatedRecipient> {
  const response = await createRecipient(app, mandant, nr, body);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<CreatedRecipient>();
}

export function recipientHeaders(token: string): Record<string, string> {
  return { 'x-authorization': `Bearer ${token}` };
}
