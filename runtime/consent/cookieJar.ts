import { readCookie } from '../../domain/cookies.ts';

/** Reads and writes first-party cookies; injected so that consent and tracking logic run in unit tests. */
export interface CookieJar {
  read(name: string): string | null;
  write(name: string, value: string, maxAgeDays: number): void;
  remove(name: string): void;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

/** The `document.cookie` assignment for one cookie: whole site, not sent on cross-site sub-requests. */
export function cookieString(name: string, value: string, options: CookieOptions): string {
  const secure = options.secure ? '; Secure' : '';
  return `${name}=${value}; Max-Age=${options.maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export function documentCookieJar(document: Document): CookieJar {
  const secure = () => document.location?.protocol === 'https:';
  return {
    read: (name) => readCookie(document.cookie, name),
    write: (name, value, maxAgeDays) => {
      document.cookie = cookieString(name, value, { maxAgeSeconds: maxAgeDays * 86_400, secure: secure() });
    },
    remove: (name) => {
      document.cookie = cookieString(name, '', { maxAgeSeconds: 0, secure: secure() });
    },
  };
}
