import { randomBytes, randomInt } from 'node:crypto';
import {
  LINK_HEX_LENGTH,
  NUMBER_LENGTH,
  OFFLINE_CODE_ALPHABET,
  OFFLINE_CODE_LENGTH,
} from '../../domain/recommendationLinks.ts';

/**
 * The random parts of a recommendation (journey contract). Numbers are public (they are in every link),
 * so they only need to be unique; the caller retries on a unique conflict. The hex is the unguessable part.
 */
export function randomNumber(length: number = NUMBER_LENGTH): string {
  // A leading zero is fine (the column is text); every digit is drawn alike.
  return Array.from({ length }, () => String(randomInt(10))).join('');
}

export function randomLinkHex(): string {
  return randomBytes(LINK_HEX_LENGTH / 2).toString('hex');
}

/** 8 characters of an alphabet without 0/O and 1/I: about 40 bits, read out and typed by people. */
export function randomOfflineCode(): string {
  return Array.from(
    { length: OFFLINE_CODE_LENGTH },
    () => OFFLINE_CODE_ALPHABET[randomInt(OFFLINE_CODE_ALPHABET.length)],
  ).join('');
}
