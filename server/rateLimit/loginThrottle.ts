import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { PURGE_INTERVAL_MS, throttled } from '../db/throttled.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import { delayAfterFailures, type LoginThrottleRule } from './loginThrottleSettings.ts';
import type { FailureCount } from './RateLimiter.ts';

/** The three password logins; each counts under its own keys (an agency login does not slow a recommender's). */
export type LoginCall = 'login' | 'agencyLogin' | 'backofficeLogin';

/** The `Captcha` property of the three login bodies (the ALTCHA payload, as POST /Empfehlen/create takes it). */
export const loginCaptchaProperty = { Captcha: { type: 'string', maxLength: 4096 } } as const;

/** Failed logins shown to the owner of the address are kept this long (login_failure). */
export const LOGIN_FAILURE_HISTORY_DAYS = 30;

export interface LoginAttempt {
  /** The password was wrong (or the address is no account's): counts everywhere and is remembered. */
  failed(): Promise<void>;
  /** The password matched: the account's and this client's failures for it are forgotten. */
  succeeded(): Promise<void>;
}

export interface LoginAttemptInput {
  call: LoginCall;
  mandantId: string;
  /** Normalised (normalizeEmail). */
  email: string;
  /** The body's `Captcha`, the ALTCHA payload; needed only after failures. */
  captcha: unknown;
}

/**
 * The one login throttle (issue 17, ADR 0024, OWASP ASVS 5.0 V6.1.1/V6.3.1) of the recommender's, the
 * agency's and the back office's password logins. Call it before checking the password; then tell the
 * attempt how it went. In this order:
 *
 * 1. the volume per client address (`loginPerIp`, 429 PSOF0016), counted for every attempt;
 * 2. growing delays: after `delayAfter` failures of this e-mail from this client (or of this client over
 *    all e-mails), the next attempt must wait 2^n seconds after the last failure — 429 **PSOF0910** with
 *    Retry-After, not counted as a failure. The account alone never gets a delay: a stranger could
 *    otherwise keep its owner out;
 * 3. the captcha: after `captchaAfter` failures of this e-mail from anywhere (or of this client) every
 *    attempt needs a solved ALTCHA (422 PSOF0307 without, PSOF0308 wrong: the login form then shows it);
 * 4. while delays apply, one attempt per failure at a time: parallel guesses get 429 PSOF0910 too.
 *
 * The right password is always accepted once the delay has passed and the captcha is solved. Every answer
 * is the same for an address that is no account's (no enumeration, ASVS V6.3.8).
 */
export async function beginLoginAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: LoginAttemptInput,
): Promise<LoginAttempt> {
  const { call, mandantId, email } = input;
  const settings = app.config.rateLimits.loginThrottle;
  const keys = app.rateLimitKeys;
  const limiter = app.rateLimiter;
  await enforceRateLimits(limiter, request, reply, [
    {
      name: `${call}PerIp`,
      key: keys.forClient(call, mandantId, request.ip),
      rule: app.config.rateLimits.loginPerIp,
    },
  ]);
  const counters: { name: string; key: string; rule: LoginThrottleRule }[] = [
    { name: 'account', key: keys.forEmail(`${call}Failures`, mandantId, email), rule: settings.account },
    {
      name: 'accountAndSource',
      key: keys.forEmailAndClient(`${call}Failures`, mandantId, email, request.ip),
      rule: settings.accountAndSource,
    },
    { name: 'source', key: keys.forClient(`${call}Failures`, mandantId, request.ip), rule: settings.source },
  ];
  const [account, pair, source] = (await Promise.all(
    counters.map((counter) => limiter.failures(counter.key, counter.rule.ttlSeconds)),
  )) as [FailureCount, FailureCount, FailureCount];
  const counts = [account, pair, source];

  const waits = counters.map((counter, index) => {
    const count = counts[index] as FailureCount;
    return delayAfterFailures(counter.rule, count.count) - count.secondsSinceLast;
  });
  const wait = Math.max(0, ...waits);
  if (wait > 0) {
    const throttledBy = counters.filter((_, index) => (waits[index] ?? 0) > 0).map(({ name }) => name);
    refuse(request, reply, call, throttledBy, Math.ceil(wait));
  }

  const needsCaptcha = counters.some((counter, index) => {
    const after = counter.rule.captchaAfter;
    return after !== undefined && (counts[index] as FailureCount).count >= after;
  });
  if (needsCaptcha) await app.captcha.assertSolved(mandantId, input.captcha);

  // Delays in force: one attempt per failure, so parallel requests cannot all slip through at once.
  if (delayAfterFailures(settings.accountAndSource, pair.count) > 0) {
    const slot = await limiter.hit(`${counters[1]?.key}:slot:${pair.count}`, { limit: 1, windowSeconds: 60 });
    if (!slot.allowed) refuse(request, reply, call, ['parallel'], slot.retryAfterSeconds);
  }

  // Counted as a failure before the password is checked (and forgotten again on success): guesses sent
  // at the same moment all read the same counts above, so each takes its own number here, atomically, and
  // is judged by the failures before it. Without this, 30 parallel guesses from a clean start all passed
  // with neither captcha nor delay.
  const [accountNow, pairNow] = await Promise.all(
    counters.slice(0, 2).map((counter) => limiter.recordFailure(counter.key, counter.rule.ttlSeconds)),
  );
  const accountBefore = (accountNow?.count ?? 1) - 1;
  const pairBefore = (pairNow?.count ?? 1) - 1;
  const pairWait = delayAfterFailures(settings.accountAndSource, pairBefore) - pair.secondsSinceLast;
  if (pairBefore > pair.count && pairWait > 0)
    refuse(request, reply, call, ['parallel'], Math.ceil(pairWait));
  const captchaAfter = settings.account.captchaAfter;
  if (!needsCaptcha && captchaAfter !== undefined && accountBefore >= captchaAfter)
    await app.captcha.assertSolved(mandantId, input.captcha);

  const history = failureHistory(app);
  const subjectKey = keys.forEmail(call, mandantId, email);
  return {
    async failed() {
      // The account's and the pair's failure are counted already (above).
      const source = counters[2];
      await Promise.all([
        ...(source ? [limiter.recordFailure(source.key, source.rule.ttlSeconds)] : []),
        history.record(mandantId, subjectKey),
      ]);
    },
    async succeeded() {
      await Promise.all([limiter.reset(counters[0]?.key ?? ''), limiter.reset(counters[1]?.key ?? '')]);
    },
  };
}

function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  call: LoginCall,
  throttledBy: string[],
  retryAfterSeconds: number,
): never {
  // The names of the rules, never a key: keys derive from the address.
  request.log.warn({ call, throttledBy, retryAfterSeconds }, 'login throttled');
  reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
  throw new ApiProblem('PSOF0910');
}

export interface RecentLoginFailures {
  count: number;
  last: Date | null;
}

const purgers = new WeakMap<FastifyInstance, () => Promise<void>>();

/** The login_failure table (migration 0019): what the owner of an address is told after logging in. */
export function failureHistory(app: FastifyInstance) {
  const db = app.database.kysely;
  let purge = purgers.get(app);
  if (!purge) {
    purge = throttled(PURGE_INTERVAL_MS, () =>
      db
        .deleteFrom('login_failure')
        .where('failed_at', '<', sql<Date>`now() - make_interval(days => ${LOGIN_FAILURE_HISTORY_DAYS})`)
        .execute(),
    );
    purgers.set(app, purge);
  }
  const subjectOf = (call: LoginCall, mandantId: string, email: string) =>
    app.rateLimitKeys.forEmail(call, mandantId, email);
  return {
    async record(mandantId: string, subjectKey: string): Promise<void> {
      await purge?.();
      await db
        .insertInto('login_failure')
        .values({ mandant_id: mandantId, subject_key: subjectKey })
        .execute();
    },
    /** The failures of the last LOGIN_FAILURE_HISTORY_DAYS not yet acknowledged. */
    async recent(call: LoginCall, mandantId: string, email: string): Promise<RecentLoginFailures> {
      const row = await db
        .selectFrom('login_failure')
        .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.max('failed_at').as('last')])
        .where('mandant_id', '=', mandantId)
        .where('subject_key', '=', subjectOf(call, mandantId, email))
        .where('failed_at', '>=', sql<Date>`now() - make_interval(days => ${LOGIN_FAILURE_HISTORY_DAYS})`)
        .executeTakeFirst();
      const last = row?.last ?? null;
      return { count: Number(row?.count ?? 0), last: last === null ? null : new Date(last) };
    },
    /** The owner has seen them: forgets the failures up to `until` (later ones are still shown). */
    async acknowledge(call: LoginCall, mandantId: string, email: string, until: Date): Promise<void> {
      await db
        .deleteFrom('login_failure')
        .where('mandant_id', '=', mandantId)
        .where('subject_key', '=', subjectOf(call, mandantId, email))
        .where('failed_at', '<=', until)
        .execute();
    },
  };
}
