import { createHmac, hkdfSync } from 'node:crypto';

/**
 * Keyed fingerprints of personal values for equality lookups without storing the value (issue 13's fraud
 * checks: the same IBAN at several recommenders, bursts from one client). HMAC-SHA256 with a key derived
 * from the field encryption key (HKDF, its own label), so a copy of the database cannot be matched against
 * a list of IBANs without that key, and the fingerprints of two deployments never match.
 */
export class Fingerprints {
  readonly #key: Uint8Array;

  constructor(fieldKey: Uint8Array) {
    this.#key = new Uint8Array(hkdfSync('sha256', fieldKey, new Uint8Array(0), 'fingerprints v1', 32));
  }

  /** Per mandant: fingerprints of one mandant say nothing about another's. */
  of(purpose: 'iban' | 'client', mandantId: string, value: string): string {
    return createHmac('sha256', this.#key).update(`${purpose}\0${mandantId}\0${value}`).digest('base64url');
  }
}
