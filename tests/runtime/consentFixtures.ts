import { createStore } from 'jotai';
import type { CookieJar } from '../../runtime/consent/cookieJar.ts';
import type { Tracking } from '../../schemas/api.ts';

export interface StoredCookie {
  value: string;
  maxAgeDays: number;
}

/** A cookie jar in memory that remembers lifetimes, for asserting "730 days" without a browser. */
export function memoryJar(
  initial: Record<string, string> = {},
): CookieJar & { cookies: Map<string, StoredCookie> } {
  const cookies = new Map<string, StoredCookie>(
    Object.entries(initial).map(([name, value]) => [name, { value, maxAgeDays: 1 }]),
  );
  return {
    cookies,
    read: (name) => cookies.get(name)?.value ?? null,
    write: (name, value, maxAgeDays) => {
      cookies.set(name, { value, maxAgeDays });
    },
    remove: (name) => {
      cookies.delete(name);
    },
  };
}

export const ANALYTICS: Tracking = {
  id: 'stats',
  type: 'matomo',
  url: 'https://analytics.example/matomo',
  siteId: 105,
  category: 'analytical',
};

export const MARKETING: Tracking = {
  id: 'ads',
  type: 'matomo',
  url: 'https://ads.example',
  siteId: 7,
  category: 'marketing',
};

export const newStore = () => createStore();
