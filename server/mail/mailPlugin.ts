import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { PURGE_INTERVAL_MS, throttled } from '../db/throttled.ts';
import { pollingWorker } from '../jobs/PollingWorker.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import type { MailTemplate } from './MailTemplate.ts';
import { createMailContext, mailLanguage } from './mailContext.ts';
import {
  claimDueMails,
  deleteMailsTo,
  type Executor,
  findMail,
  insertMail,
  listMails,
  markFailed,
  markSent,
  type OutboxMail,
  purgeSent,
} from './mailOutbox.ts';
import { defaultOrigin, mailOrigin, mailSender } from './mailSender.ts';
import { LAYOUT_TEXTS, renderMail } from './renderMail.ts';
import { createSmtpTransport, describeSendError, type MailTransport } from './smtpTransport.ts';
import { type MailData, type MailTemplateName, mailTemplates } from './templates/index.ts';

/** One mail to put into the outbox. */
export interface MailMessage<Name extends MailTemplateName> {
  mandantId: string;
  /** The recipient's address; stored normalised (trimmed, lower case) like account e-mails. */
  to: string;
  /** Wanted language (the account's, or the request's); falls back to the mandant's default. */
  language: string;
  template: Name;
  data: MailData<Name>;
  /** Scheme and host of the links; `app.mail.originFor(request, mandant)`. Default: the mandant's first host. */
  origin?: string;
}

export interface MailService {
  /**
   * Renders the mail and inserts it into the outbox with `db` — pass the transaction of the change the
   * mail tells about, so both commit or neither does. Resolves with the outbox id. Throws for an unknown
   * mandant (a programming error, like a missing text).
   */
  enqueue<Name extends MailTemplateName>(db: Executor, message: MailMessage<Name>): Promise<string>;
  /** The origin links should use for a mail caused by `request` (see mailSender.ts). */
  originFor(request: FastifyRequest | undefined, mandant: LoadedMandant): string;
  /** True when SMTP_URL is set: the worker delivers. False: mails stay in the outbox (dev mail view). */
  readonly delivers: boolean;
  /** Ask the worker for a delivery pass now (after a transaction with mails committed). No-op without SMTP. */
  kick(): void;
  /** One delivery pass over every due mail; resolves with the number delivered. Tests call it directly. */
  deliverDue(): Promise<number>;
  /** Polling worker (started on ready when SMTP is set); tests stop it to drive deliverDue themselves. */
  readonly worker: { start(): void; stop(): Promise<void> };
  /** Newest first; for the dev mail view. */
  list(limit?: number): Promise<OutboxMail[]>;
  find(id: string): Promise<OutboxMail | undefined>;
  /** Deletes every outbox row to the address in the mandant (account erasure); resolves with the count. */
  eraseRecipient(db: Executor, mandantId: string, email: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

const POLL_INTERVAL_MS = 1000;
const BATCH_SIZE = 10;
/** A pass stops after this many batches, so one huge backlog cannot hold the (PGlite) connection for long. */
const MAX_BATCHES_PER_PASS = 10;
const KEEP_SENT_DAYS = 30;

/**
 * The one mail module (issue 5, docs/adr/0009-mail-outbox.md): templates per mandant and language,
 * a transactional outbox, and a worker that delivers over SMTP with retries when SMTP_URL is set.
 */
export const mailPlugin = globalPlugin('mail', async (app) => {
  const db = app.database.kysely;
  const { smtpUrl } = app.config;
  const transport: MailTransport | undefined = smtpUrl ? createSmtpTransport(smtpUrl) : undefined;
  const purge = throttled(PURGE_INTERVAL_MS, () => purgeSent(db, KEEP_SENT_DAYS));

  async function send(mail: OutboxMail, relay: MailTransport): Promise<boolean> {
    const mandant = app.mandants.get(mail.mandantId);
    try {
      if (!mandant || mail.text === null || mail.html === null) throw new Error('mail cannot be sent');
      await relay.send({
        from: mailSender(mandant),
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        language: mail.language,
        messageId: `<${mail.id}@${mailSender(mandant).address.split('@')[1]}>`,
      });
    } catch (error) {
      const reason = describeSendError(error);
      app.log.warn(
        { mail: mail.id, template: mail.template, attempt: mail.attempts, reason },
        'mail not delivered',
      );
      await markFailed(db, mail, reason);
      return false;
    }
    await markSent(db, mail.id);
    app.log.info({ mail: mail.id, template: mail.template }, 'mail delivered');
    return true;
  }

  async function deliverDue(): Promise<number> {
    if (!transport) return 0;
    await purge();
    let delivered = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      const due = await claimDueMails(db, BATCH_SIZE);
      for (const mail of due) if (await send(mail, transport)) delivered++;
      if (due.length < BATCH_SIZE) break;
    }
    return delivered;
  }

  const poller = pollingWorker({
    intervalMs: POLL_INTERVAL_MS,
    pass: deliverDue,
    onError: (error) => app.log.error({ err: error }, 'mail worker pass failed'),
  });
  // Without SMTP_URL nothing is delivered: no worker, no polling query.
  const worker = {
    start: () => {
      if (transport) poller.start();
    },
    stop: () => poller.stop(),
  };

  const service: MailService = {
    async enqueue(executor, message) {
      const mandant = app.mandants.get(message.mandantId);
      if (!mandant) throw new Error(`no mandant "${message.mandantId}"`);
      const template = mailTemplates[message.template] as MailTemplate<MailData<typeof message.template>>;
      const language = mailLanguage(mandant, message.language);
      const origin = message.origin ?? defaultOrigin(mandant);
      const context = { mandant, language, origin };
      const content = template.compose(
        message.data,
        createMailContext({ ...context, scope: message.template, texts: template.texts }),
      );
      const rendered = renderMail(
        content,
        createMailContext({ ...context, scope: 'layout', texts: LAYOUT_TEXTS }),
      );
      const { id } = await insertMail(executor, {
        mandantId: mandant.id,
        recipient: normalizeEmail(message.to),
        language,
        template: message.template,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      });
      if (!executor.isTransaction) service.kick();
      return id;
    },
    originFor: (request, mandant) => mailOrigin(app.mandants, request, mandant),
    delivers: transport !== undefined,
    kick: () => poller.kick(),
    deliverDue,
    worker,
    list: (limit = 100) => listMails(db, limit),
    find: (id) => findMail(db, id),
    eraseRecipient: (executor, mandantId, email) => deleteMailsTo(executor, mandantId, normalizeEmail(email)),
  };
  app.decorate('mail', service);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    await worker.stop();
    transport?.close();
  });
});
