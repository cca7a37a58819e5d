import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail the stand-in received, decoded enough to assert on. */
export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** Decoded `Subject` header. */
  subject: string;
  /** Header names lower-cased, values unfolded and decoded (RFC 2047). */
  headers: Record<string, string>;
  /** Decoded text/plain part ('' when there is none). */
  text: string;
  /** Decoded text/html part ('' when there is none). */
  html: string;
  /** Every http(s) link of the text part, in order (falls back to the HTML part's hrefs). */
  links: string[];
  /** The message as received. */
  raw: string;
}

export interface SmtpStandIn {
  /** `smtp://127.0.0.1:PORT` — pass as `smtpUrl` to buildApp/ServerConfig or as `SMTP_URL`. */
  readonly url: string;
  readonly port: number;
  /** Every mail accepted so far, in arrival order. */
  mails(): ReceivedMail[];
  /** Mails addressed to `address` (case-insensitive). */
  mailsTo(address: string): ReceivedMail[];
  /**
   * Resolves with the first mail matching `predicate` (by default: any mail), including mails that arrived
   * before the call; rejects after `timeoutMs`.
   */
  waitForMail(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Resolves once `count` mails have arrived; rejects after `timeoutMs`. */
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /**
   * While set, every message is refused at DATA with this SMTP reply code (e.g. 451 = temporary failure,
   * 550 = permanent): the sender sees a failed delivery, nothing is recorded. `null` accepts again.
   */
  failWith(code: number | null): void;
  /** Forget the mails received so far. */
  reset(): void;
  close(): Promise<void>;
}

export interface SmtpStandInOptions {
  /** Listen on this port (e.g. to start a stand-in again where a closed one was); default a free port. */
  port?: number;
}

/**
 * A real SMTP server (`smtp-server`) on a loopback port standing in for the mandant's mail relay. Tests
 * point the mail module at `url` and read what really arrived over SMTP:
 *
 * ```ts
 * const smtp = await startSmtpServer();
 * const app = await buildApp(testConfig({ smtpUrl: smtp.url }));   // or SMTP_URL=smtp.url for a server process
 * // … trigger something that sends a mail …
 * const mail = await smtp.waitForMail((m) => m.to.includes('anna@example.org'));
 * expect(mail.subject).toBe('Willkommen');
 * const link = mail.links.find((l) => l.includes('/passwort-setzen'));
 * smtp.failWith(451);  // the relay is "down": deliveries fail until failWith(null)
 * await smtp.close();
 * ```
 *
 * Plain SMTP without TLS (STARTTLS is not offered, so nodemailer does not try a self-signed certificate);
 * any user name and password are accepted, so an `smtp://user:pass@…` URL works as well.
 */
export async function startSmtpServer(options: SmtpStandInOptions = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => unknown>();
  let failCode: number | null = null;

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failCode !== null) {
          const error = Object.assign(new Error('stand-in refuses mail'), { responseCode: failCode });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        received.push(
          parseMail(
            raw,
            envelope.mailFrom ? envelope.mailFrom.address : '',
            envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          ),
        );
        callback(null);
        for (const wake of [...waiters]) wake();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // smtp-server keeps its net.Server in `server.server`; the typings do not expose it.
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo)
    .port;

  function waitUntil<T>(check: () => T | undefined, timeoutMs: number, describe: () => string): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const result = check();
        if (result === undefined) return;
        waiters.delete(attempt);
        clearTimeout(timer);
        resolve(result);
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(describe()));
      }, timeoutMs);
      waiters.add(attempt);
      attempt();
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails: () => [...received],
    mailsTo: (address) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    waitForMail(predicate = () => true, timeoutMs = 10_000) {
      return waitUntil(
        () => received.find(predicate),
        timeoutMs,
        () => `no matching mail within ${timeoutMs} ms (received ${received.length})`,
      );
    },
    waitForMails(count, timeoutMs = 10_000) {
      return waitUntil(
        () => (received.length >= count ? [...received] : undefined),
        timeoutMs,
        () => `expected ${count} mails, got ${received.length}`,
      );
    },
    failWith(code) {
      failCode = code;
    },
    reset() {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- a small MIME reader: enough for what nodemailer writes (multipart/alternative, QP, base64) ---

interface MimePart {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): MimePart {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(input: string, underscoreIsSpace = false): string {
  const text = underscoreIsSpace ? input.replace(/_/g, ' ') : input.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=`). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text, true),
    );
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function leafParts(part: MimePart): MimePart[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leafParts(splitHeaders(section.replace(/^\n/, ''))));
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const message = splitHeaders(raw);
  const parts = leafParts(message);
  const ofType = (mime: string) =>
    parts.find((part) => (part.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(mime));
  const textPart = ofType('text/plain');
  const htmlPart = ofType('text/html');
  const text = textPart ? decodeBody(textPart) : '';
  const html = htmlPart ? decodeBody(htmlPart) : '';
  const links = text
    ? [...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((match) => match[0])
    : [...html.matchAll(/href="(https?:[^"]+)"/g)].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'));
  return {
    from,
    to,
    subject: message.headers.subject ?? '',
    headers: message.headers,
    text,
    html,
    links,
    raw,
  };
}
