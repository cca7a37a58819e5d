import nodemailer from 'nodemailer';

/** What the worker needs from a mail relay; nodemailer over SMTP in production, the same in tests. */
export interface MailTransport {
  send(message: {
    from: { name: string; address: string };
    to: string;
    subject: string;
    text: string;
    html: string;
    language: string;
    messageId: string;
  }): Promise<void>;
  close(): void;
}

/**
 * nodemailer over the relay of SMTP_URL (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS;
 * STARTTLS is used whenever the relay offers it). Timeouts are short: a relay that does not answer is a
 * failed attempt to retry later, not a worker stuck for minutes.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: { 'Content-Language': message.language, 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * What may be stored about a failed attempt: the SMTP reply code or nodemailer's error code. Never the
 * message — relays quote the recipient's address in it, and the outbox keeps no personal data it need not.
 */
export function describeSendError(error: unknown): string {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return `smtp ${responseCode}`;
  if (typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code)) return code;
  return 'unknown';
}
