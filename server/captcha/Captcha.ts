import { createHash, hkdfSync } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { UsedChallengeStore } from './UsedChallengeStore.ts';

/**
 * The proof-of-work a challenge asks for. The solver tries counters 0, 1, 2 … until the derived key matches;
 * the server picks the secret counter at random in [counterMin, counterMax], so the expected work is the
 * mean of the two times `cost` SHA-256 rounds. 30 000–90 000 single rounds take a mid-range phone about a
 * second with the widget's workers (WebCrypto), a desktop a fraction of that; verifying costs one derivation.
 */
export interface CaptchaWork {
  algorithm: 'SHA-256';
  cost: number;
  counterMin: number;
  counterMax: number;
  /** How long a challenge can be solved and submitted. */
  ttlSeconds: number;
}

export const DEFAULT_CAPTCHA_WORK: CaptchaWork = {
  algorithm: 'SHA-256',
  cost: 1,
  counterMin: 30_000,
  counterMax: 90_000,
  ttlSeconds: 10 * 60,
};

/** Why a payload was refused; `ok` when it was accepted (and is now used up). */
export type CaptchaVerdict = 'ok' | 'missing' | 'malformed' | 'wrong' | 'expired' | 'replayed';

export interface Captcha {
  /** A fresh, signed challenge bound to the mandant, in the JSON shape the ALTCHA widget fetches. */
  challenge(mandantId: string): Promise<Challenge>;
  /**
   * Checks a widget payload (base64 JSON of `{ challenge, solution }`) and uses it up: the same payload is
   * refused the second time (`replayed`), also on another instance over the same database.
   */
  verify(mandantId: string, payload: unknown): Promise<CaptchaVerdict>;
  /** `verify`, throwing 422 PSOF0307 when no payload was sent and 422 PSOF0308 when it is not valid. */
  assertSolved(mandantId: string, payload: unknown): Promise<void>;
}

/** Far above a real payload (about 600 characters); longer input is not worth decoding. */
const MAX_PAYLOAD_LENGTH = 4096;

export function createCaptcha(options: {
  /** Key material (the server secret); a captcha key is derived from it, never used as is. */
  secret: Uint8Array;
  store: UsedChallengeStore;
  work?: CaptchaWork;
  now?: () => number;
}): Captcha {
  const work = options.work ?? DEFAULT_CAPTCHA_WORK;
  const now = options.now ?? Date.now;
  const hmacSecret = Buffer.from(
    hkdfSync('sha256', options.secret, new Uint8Array(0), 'altcha-challenge', 32),
  ).toString('base64url');
  const hmacKeySecret = Buffer.from(
    hkdfSync('sha256', options.secret, new Uint8Array(0), 'altcha-key', 32),
  ).toString('base64url');

  async function verify(mandantId: string, payload: unknown): Promise<CaptchaVerdict> {
    if (payload === undefined || payload === null || payload === '') return 'missing';
    const decoded = decodePayload(payload);
    if (!decoded) return 'malformed';
    const { challenge, solution } = decoded;
    if (challenge.parameters.data?.mnd !== mandantId) return 'wrong';
    const expiresAt = challenge.parameters.expiresAt;
    if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now()) return 'expired';
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: hmacSecret,
        hmacKeySignatureSecret: hmacKeySecret,
      });
    } catch {
      // The library throws on parameters it cannot use (unknown algorithm, bad hex): a wrong payload.
      return 'wrong';
    }
    if (result.expired) return 'expired';
    if (!result.verified || !challenge.signature) return 'wrong';
    const first = await options.store.use(
      mandantId,
      signatureKey(challenge.signature),
      new Date(expiresAt * 1000),
    );
    return first ? 'ok' : 'replayed';
  }

  return {
    async challenge(mandantId) {
      return createChallenge({
        algorithm: work.algorithm,
        cost: work.cost,
        counter: randomInt(work.counterMax, work.counterMin),
        deriveKey,
        data: { mnd: mandantId },
        expiresAt: Math.floor(now() / 1000) + work.ttlSeconds,
        hmacSignatureSecret: hmacSecret,
        hmacKeySignatureSecret: hmacKeySecret,
      });
    },
    verify,
    async assertSolved(mandantId, payload) {
      const verdict = await verify(mandantId, payload);
      if (verdict === 'missing') throw new ApiProblem('PSOF0307');
      if (verdict !== 'ok') throw new ApiProblem('PSOF0308');
    },
  };
}

/** A fixed-length key for the used-challenge table, whatever a forged signature looks like. */
function signatureKey(signature: string): string {
  return createHash('sha256').update(signature).digest('hex');
}

interface DecodedPayload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string; time?: number };
}

/** The widget's payload, checked field by field: until verified it is only untrusted text. */
function decodePayload(payload: unknown): DecodedPayload | undefined {
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD_LENGTH) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || !isObject(parsed.challenge) || !isObject(parsed.solution)) return undefined;
  const { challenge, solution } = parsed;
  const parameters = challenge.parameters;
  if (!isObject(parameters) || typeof challenge.signature !== 'string') return undefined;
  const { algorithm, nonce, salt, cost, keyLength, keyPrefix } = parameters;
  if (typeof algorithm !== 'string' || typeof nonce !== 'string' || typeof salt !== 'string')
    return undefined;
  if (typeof cost !== 'number' || typeof keyLength !== 'number' || typeof keyPrefix !== 'string')
    return undefined;
  if (!Number.isInteger(solution.counter) || typeof solution.derivedKey !== 'string') return undefined;
  return {
    challenge: challenge as unknown as Challenge,
    solution: solution as DecodedPayload['solution'],
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
