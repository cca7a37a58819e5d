import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem } from '../http/ApiProblem.ts';
import { escapeHtml as e } from './escapeHtml.ts';
import type { OutboxMail } from './mailOutbox.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The mail's own HTML may style itself and show the mandant's logo, nothing else; no script, ever. */
const MAIL_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: http: https:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * The dev mail view (issue 5): with no SMTP_URL, mails stay in the outbox and can be read here —
 * `GET /dev/mails` (newest first), `/dev/mails/{id}` (headers and text part) and `/dev/mails/{id}/html`.
 * The mails hold working set-password links, so it is registered only when asked for (DEV_MAILS, which
 * `npm start` turns on; buildApp) and without SMTP_URL, and answered only to a client on this machine that
 * came straight, not through a proxy: a reverse proxy on the same host connects from loopback for every
 * client (issue 17), so a request that names a forwarded client is refused too. Every value is escaped.
 */
export const devMailRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!isLocalDirect(request)) throw new ApiProblem('PSOF0011');
  });

  const page = (reply: FastifyReply, title: string, body: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${e(title)}</title>\n</head>\n<body>\n<main>\n${body}\n</main>\n</body>\n</html>\n`,
      );

  async function mailOf(request: FastifyRequest<{ Params: { id: string } }>): Promise<OutboxMail> {
    const { id } = request.params;
    const mail = UUID.test(id) ? await app.mail.find(id) : undefined;
    if (!mail) throw new ApiProblem('PSOF0011');
    return mail;
  }

  app.get('/dev/mails', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await app.mail.list(200);
    const rows = mails
      .map(
        (mail) =>
          `<tr><td>${e(mail.createdAt.toISOString())}</td><td>${e(mail.mandantId)}</td><td>${e(mail.recipient)}</td><td><a href="/dev/mails/${e(mail.id)}">${e(mail.subject)}</a></td><td>${e(mail.template)}</td><td>${e(mail.status)}</td></tr>`,
      )
      .join('\n');
    return page(
      reply,
      'Mail outbox',
      `<h1>Mail outbox</h1>
<p>SMTP_URL is not set, so mails are kept here instead of being sent. Newest first.</p>
${
  mails.length === 0
    ? '<p>No mails yet.</p>'
    : `<table>
<caption>Mails in the outbox</caption>
<thead><tr><th scope="col">Created (UTC)</th><th scope="col">Mandant</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Template</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}`,
    );
  });

  app.get<{ Params: { id: string } }>(
    '/dev/mails/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const mail = await mailOf(request);
      return page(
        reply,
        mail.subject,
        `<p><a href="/dev/mails">All mails</a></p>
<h1>${e(mail.subject)}</h1>
<dl>
<dt>To</dt><dd>${e(mail.recipient)}</dd>
<dt>Mandant</dt><dd>${e(mail.mandantId)}</dd>
<dt>Language</dt><dd>${e(mail.language)}</dd>
<dt>Template</dt><dd>${e(mail.template)}</dd>
<dt>Status</dt><dd>${e(mail.status)}</dd>
<dt>Created (UTC)</dt><dd>${e(mail.createdAt.toISOString())}</dd>
</dl>
<h2>Text part</h2>
<pre>${e(mail.text ?? '(removed after delivery)')}</pre>
${mail.html === null ? '' : `<h2>HTML part</h2>\n<p><a href="/dev/mails/${e(mail.id)}/html">Open the HTML part</a></p>`}`,
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    '/dev/mails/:id/html',
    {
      schema: { hide: true },
      // Runs after the app's security headers hook, so this policy replaces the runtime's for this answer.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) {
          reply.header('content-security-policy', MAIL_HTML_CSP);
          reply.removeHeader('x-frame-options');
        }
        return payload;
      },
    },
    async (request, reply) => {
      const mail = await mailOf(request);
      if (mail.html === null) throw new ApiProblem('PSOF0011');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mail.html);
    },
  );
};

/** The peer is this machine, the client Fastify sees too, and no proxy says it forwards someone else. */
function isLocalDirect(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    LOOPBACK.has(request.ip) &&
    headers.forwarded === undefined &&
    headers['x-forwarded-for'] === undefined &&
    headers['x-real-ip'] === undefined
  );
}
