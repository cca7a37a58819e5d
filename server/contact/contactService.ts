import type { Kysely } from 'kysely';
import type { ContactRequest } from '../../schemas/contentContact.ts';
import type { ContentRegistry } from '../content/contentPlugin.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { PURGE_INTERVAL_MS, throttled } from '../db/throttled.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import { insertContactMessage, markContactMessageMailed, purgeContactMessages } from './contactMessages.ts';

/** The content variable that holds the mandant's support address (mandants/NAME/content/LANG/variables.json). */
export const SUPPORT_EMAIL_VARIABLE = 'support.email';

/** What the contact form needs: plain values, never the Fastify app. */
export interface ContactServiceDeps {
  db: Kysely<DatabaseSchema>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  content: Pick<ContentRegistry, 'of'>;
  now: () => Date;
}

/** A message of the contact form, with where it goes. */
export interface ContactInput {
  mandantId: string;
  /** The mandant's default language: the support team's, and where the support address is looked up. */
  supportLanguage: string;
  /** The language the message was written in (stored with it). */
  language: string;
  message: ContactRequest;
}

/** The stored message's id, and whether a mail to the support address went into the outbox. */
export interface ContactReceipt {
  id: string;
  mailed: boolean;
}

/**
 * SPEC 7, POST /kontakt behind contactRoutes.ts: stores the message (contact_message, contactMessages.ts)
 * and, in the same transaction, puts it into the mail outbox for the mandant's support address.
 */
export function createContactService(deps: ContactServiceDeps) {
  const { db, mail } = deps;
  const purges = new Map<string, () => Promise<void>>();

  /** The support address from the content variables; none (or the CMS down) means: store only. */
  async function supportAddress(mandantId: string, language: string): Promise<string | undefined> {
    try {
      const [found] = await deps.content.of(mandantId).variables(language, [SUPPORT_EMAIL_VARIABLE]);
      return found?.value.trim() || undefined;
    } catch {
      return undefined;
    }
  }

  async function receive(input: ContactInput): Promise<ContactReceipt> {
    const { mandantId, message } = input;
    const supportEmail = await supportAddress(mandantId, input.supportLanguage);
    const now = deps.now();
    const id = await db.transaction().execute(async (tx) => {
      const stored = await insertContactMessage(tx, mandantId, message, input.language, now);
      if (supportEmail) {
        // The support team's language: the mandant's default.
        await mail.enqueue(tx, {
          mandantId,
          to: supportEmail,
          language: input.supportLanguage,
          template: 'contactMessage',
          data: message,
        });
        await markContactMessageMailed(tx, mandantId, stored, now);
      }
      return stored;
    });
    if (supportEmail) mail.kick();
    return { id, mailed: supportEmail !== undefined };
  }

  /** Deletes the mandant's messages past their date, at most once per purge interval. */
  function purgeOld(mandantId: string): Promise<void> {
    let run = purges.get(mandantId);
    if (!run) {
      run = throttled(PURGE_INTERVAL_MS, () => purgeContactMessages(db, mandantId, deps.now()));
      purges.set(mandantId, run);
    }
    return run();
  }

  return { receive, purgeOld };
}

export type ContactService = ReturnType<typeof createContactService>;
