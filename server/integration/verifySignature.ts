import { Webhook } from 'standardwebhooks';

/**
 * Checks a signed integration request (Standard Webhooks scheme): the signature is
 * base64(HMAC-SHA256(secret, `${id}.${timestamp}.${body}`)) with the request's Idempotency-Key as the id,
 * so a signature cannot be replayed under another key. The library compares in constant time and refuses
 * timestamps more than 300 s away from now.
 */
export function isValidSignature(
  secret: string,
  body: string,
  headers: { id: string; timestamp: string | undefined; signature: string | undefined },
): boolean {
  if (!headers.timestamp || !headers.signature) return false;
  try {
    new Webhook(secret).verify(
      body,
      {
        'webhook-id': headers.id,
        'webhook-timestamp': headers.timestamp,
        'webhook-signature': headers.signature,
      },
      // The body is parsed by the route (JSON or CSV), not here.
      { jsonParse: false },
    );
    return true;
  } catch {
    return false;
  }
}

/** The header value a client sends (what our shop stand-in, tests and benchmarks use). */
export function signRequest(
  secret: string,
  id: string,
  body: string | Buffer,
  at: Date = new Date(),
): string {
  return new Webhook(secret).sign(id, at, body);
}
