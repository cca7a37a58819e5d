import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { LoginThrottleSettings } from '../../server/rateLimit/loginThrottleSettings.ts';
import { solvedCaptcha } from './recommendHelpers.ts';

/** For tests about something else that fail many logins from one client: no captcha, no delays. */
export const NO_THROTTLE: LoginThrottleSettings = {
  account: { ttlSeconds: 60 },
  accountAndSource: { ttlSeconds: 60 },
  source: { ttlSeconds: 60 },
};

export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Lets time pass for the login throttle without waiting: every remembered failure is made `seconds`
 * older, in whichever store the app counts (the rate_limit rows' expiry, or Redis' `last`).
 */
export async function ageFailures(app: FastifyInstance, seconds: number): Promise<void> {
  const redis = app.config.redis;
  if (!redis) {
    await sql`
      update rate_limit set expires_at = expires_at - make_interval(secs => ${seconds}::double precision)
      where window_start = '-infinity'::timestamptz
    `.execute(app.database.kysely);
    return;
  }
  const client = new Redis(redis.url);
  try {
    const keys = await client.keys(`${redis.keyPrefix}rf:*`);
    for (const key of keys) await client.hincrby(key, 'last', -seconds * 1000);
  } finally {
    client.disconnect();
  }
}

export interface LoginCallOptions {
  ip?: string;
  captcha?: boolean | string;
  mandant?: string;
}

/** POST of one of the three password logins, optionally with a freshly solved captcha. */
export async function tryLogin(
  app: FastifyInstance,
  path: 'account/login' | 'agentur/login' | 'backoffice/login',
  email: string,
  password: string,
  options: LoginCallOptions = {},
) {
  const mandant = options.mandant ?? 'alpha';
  const captcha =
    options.captcha === true
      ? await solvedCaptcha(app, mandant)
      : typeof options.captcha === 'string'
        ? options.captcha
        : undefined;
  return app.inject({
    method: 'POST',
    url: `/api/v1/${mandant}/${path}`,
    payload: { Email: email, Password: password, ...(captcha ? { Captcha: captcha } : {}) },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}
