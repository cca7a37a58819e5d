import { Webhook } from 'standardwebhooks';

/** One attempt to send: where, with which secret, under which message id, and the exact body. */
export interface WebhookRequest {
  url: string;
  /** `whsec_` + base64, as Standard Webhooks prescribes. */
  secret: string;
  msgId: string;
  body: string;
}

export interface WebhookSendResult {
  delivered: boolean;
  httpStatus: number | null;
  /** What may be stored about a failure: an error name or code, never a message, body or URL. */
  error: string | null;
  durationMs: number;
}

export const SEND_TIMEOUT_MS = 10_000;

/**
 * POSTs one signed webhook. The signature and `webhook-timestamp` are made for this attempt, not for the
 * event: receivers refuse timestamps older than a few minutes, and a retry can come hours later. Only a
 * 2xx answer counts; a redirect is not followed (it would move a signed body to a place nobody configured).
 */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookSendResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  let signer: Webhook;
  try {
    signer = new Webhook(request.secret);
  } catch {
    return { delivered: false, httpStatus: null, error: 'invalid_secret', durationMs: 0 };
  }
  // Wall-clock time on purpose (not the programme's clock): the receiver compares it with its own.
  const now = new Date();
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': request.msgId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signer.sign(request.msgId, now, request.body),
      },
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // The answer's body is never read or kept; cancelling it frees the connection.
    await response.body?.cancel().catch(() => undefined);
    const delivered = response.status >= 200 && response.status < 300;
    return { delivered, httpStatus: response.status, error: null, durationMs: elapsed() };
  } catch (error) {
    return { delivered: false, httpStatus: null, error: describeFetchError(error), durationMs: elapsed() };
  }
}

/**
 * The kind of a failed request: the system error code of its cause (ECONNREFUSED, ENOTFOUND, …) when
 * there is one, else the error's name (TimeoutError). Messages are not kept: they can quote the URL.
 */
export function describeFetchError(error: unknown): string {
  const { name, cause } = (error ?? {}) as { name?: unknown; cause?: unknown };
  const { code } = (cause ?? {}) as { code?: unknown };
  if (typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code)) return code;
  if (typeof name === 'string' && /^[A-Za-z]{1,40}$/.test(name)) return name;
  return 'unknown';
}
