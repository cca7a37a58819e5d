import { DEFAULT_COOKIE_DAYS } from '../../schemas/constants.ts';
import { recipientCookieName } from '../../schemas/recipient.ts';
import { type CookieJar, documentCookieJar } from '../consent/cookieJar.ts';

/** A recipient this browser created for one recommendation: its number (cookie) and its token. */
export interface StoredRecipient {
  empfaengernummer: string;
  token: string;
}

const NUMBER = /^[0-9]{6,12}$/;

/** Local storage key of the recipient token of one recommendation. */
export function recipientTokenKey(recommendationNumber: string): string {
  return `${recipientCookieName(recommendationNumber)}_token`;
}

/** Where storage is blocked, the token lives as long as the page (enough for one journey). */
const pageMemory = new Map<string, string>();

/**
 * SPEC section 4: "Recipient cookie per recommendation: stores the recipient number after a successful
 * existence check or creation; removed on failure." The recipient token sits beside it in local storage
 * (the cookie would send it to the server on every page load for nothing). Both are strictly needed for
 * the journey the visitor started, so they need no consent.
 */
export function createRecipientStorage(jar: CookieJar, storage: Storage | null) {
  return {
    read(recommendationNumber: string): StoredRecipient | null {
      const recipientNumber = jar.read(recipientCookieName(recommendationNumber));
      const key = recipientTokenKey(recommendationNumber);
      let token: string | null = null;
      try {
        token = storage?.getItem(key) ?? null;
      } catch {
        token = null;
      }
      token ??= pageMemory.get(key) ?? null;
      if (!recipientNumber || !NUMBER.test(recipientNumber) || !token) return null;
      return { empfaengernummer: recipientNumber, token };
    },
    remember(recommendationNumber: string, recipient: StoredRecipient): void {
      jar.write(recipientCookieName(recommendationNumber), recipient.empfaengernummer, DEFAULT_COOKIE_DAYS);
      const key = recipientTokenKey(recommendationNumber);
      pageMemory.set(key, recipient.token);
      try {
        storage?.setItem(key, recipient.token);
      } catch {
        // Storage can be blocked: pageMemory carries the journey then.
      }
    },
    forget(recommendationNumber: string): void {
      jar.remove(recipientCookieName(recommendationNumber));
      const key = recipientTokenKey(recommendationNumber);
      pageMemory.delete(key);
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing to remove where storage is blocked.
      }
    },
  };
}

export type RecipientStorage = ReturnType<typeof createRecipientStorage>;

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let browserRecipientStorage: RecipientStorage | undefined;

/** The recipient storage of this browser (one instance, so hooks can depend on it). */
export function recipientStorage(): RecipientStorage {
  browserRecipientStorage ??= createRecipientStorage(documentCookieJar(document), browserStorage());
  return browserRecipientStorage;
}
