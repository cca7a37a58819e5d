import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 defaults every authenticator app understands: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;

/** A new TOTP secret (base32, 160 bits) for a back-office user's first sign-in. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads (from a QR code or typed in). */
export function totpUri(secret: string, issuer: string, email: string): string {
  return generateURI({ issuer, label: email, secret });
}

/**
 * The time step of `code` if it is valid now (one step of clock drift either way, RFC 6238 section 5.2)
 * and newer than `afterStep` (a code is never accepted twice); otherwise undefined.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  afterStep: number | null,
  nowSeconds: number,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: nowSeconds,
    period: PERIOD_SECONDS,
    epochTolerance: PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The TOTP result carries the step it matched (the HOTP one, in the same union type, does not).
  return result.valid && 'timeStep' in result && typeof result.timeStep === 'number'
    ? result.timeStep
    : undefined;
}
