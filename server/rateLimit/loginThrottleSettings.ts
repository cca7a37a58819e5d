/**
 * One rule of the login throttle over the failures counted under one kind of key. `delayAfter` failures
 * are free; from then on the next attempt must wait base × 2^(failures − delayAfter) seconds after the last
 * failure, at most `maxDelaySeconds`. From `captchaAfter` failures on every attempt needs a solved captcha.
 */
export interface LoginThrottleRule {
  /** Failures are forgotten this long after the last one. */
  ttlSeconds: number;
  captchaAfter?: number;
  delayAfter?: number;
  /** The first delay (default 1 s); each further failure doubles it. */
  baseDelaySeconds?: number;
  maxDelaySeconds?: number;
}

/** ADR 0024: why the account itself never gets a delay, only the captcha. */
export interface LoginThrottleSettings {
  /** Failures for one e-mail from anywhere: the captcha, never a delay (a stranger could lock it out). */
  account: LoginThrottleRule;
  /** Failures for one e-mail from one client address: growing delays for the one who guesses. */
  accountAndSource: LoginThrottleRule;
  /** Failures from one client address over all e-mails: captcha, then growing delays (credential stuffing). */
  source: LoginThrottleRule;
}

const HOUR = 3600;

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  account: { ttlSeconds: 24 * HOUR, captchaAfter: 3 },
  accountAndSource: { ttlSeconds: HOUR, delayAfter: 3, maxDelaySeconds: 15 * 60 },
  source: { ttlSeconds: HOUR, captchaAfter: 10, delayAfter: 20, maxDelaySeconds: 5 * 60 },
};

/** Seconds the next attempt must wait after the last of `failures` failures under `rule` (0: none). */
export function delayAfterFailures(rule: LoginThrottleRule, failures: number): number {
  if (rule.delayAfter === undefined || failures < rule.delayAfter) return 0;
  const delay = (rule.baseDelaySeconds ?? 1) * 2 ** (failures - rule.delayAfter);
  return Math.min(delay, rule.maxDelaySeconds ?? Number.POSITIVE_INFINITY);
}
