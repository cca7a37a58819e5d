import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { RecommendationRow } from './RecommendationRepository.ts';

/** How long the link of the opt-in mail works. */
export const OPTIN_VALID_HOURS = 48;

export interface OptinToken {
  token: string;
  hash: string;
}

/** 256 random bits for the mail link; only the SHA-256 is stored. */
export function newOptinToken(): OptinToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOptinToken(token) };
}

export function hashOptinToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isOptinLinkValid(row: Pick<RecommendationRow, 'optin_sent_at'>, now: Date): boolean {
  return (
    row.optin_sent_at !== null && now.getTime() - row.optin_sent_at.getTime() < OPTIN_VALID_HOURS * 3600_000
  );
}

/**
 * Puts the opt-in mail into the outbox with `db` — the transaction that writes the recommendation or the new
 * token — so the mail exists exactly when the change does.
 */
export async function enqueueOptinMail(
  mail: Pick<MailService, 'enqueue'>,
  db: Kysely<DatabaseSchema>,
  options: {
    mandant: LoadedMandant;
    /** Scheme and host of the link (`mail.originFor(request, mandant)`). */
    origin: string;
    row: RecommendationRow;
    productName: string;
    token: string;
    language: string;
  },
): Promise<void> {
  const { mandant, row } = options;
  await mail.enqueue(db, {
    mandantId: mandant.id,
    to: row.empfehler_email ?? '',
    language: options.language,
    template: 'recommendationOptIn',
    origin: options.origin,
    data: {
      vorname: row.empfehler_vorname ?? '',
      nachname: row.empfehler_nachname ?? '',
      produkt: options.productName,
      token: options.token,
      validHours: OPTIN_VALID_HOURS,
    },
  });
}
