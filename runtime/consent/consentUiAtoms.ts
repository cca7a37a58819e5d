import { atom } from 'jotai';
import type { ConsentChoice } from './consentState.ts';

/** Whether the settings dialog is open; the footer link opens it. */
export const consentDialogOpenAtom = atom(false);

/**
 * Whether the page starts with the banner: our consent manager is on and the consent cookie the page was
 * requested with holds no decision. Set once at boot from the cookie, on the server (the request's Cookie
 * header) and in the browser alike, so the banner is part of the first paint instead of appearing late.
 */
export const bannerAtBootAtom = atom(false);

/** A choice made in the first-paint banner before the consent runtime arrived; the runtime applies it. */
export const pendingConsentChoiceAtom = atom<ConsentChoice | null>(null);

/** The consent runtime's component has mounted: from then on React handles the banner's buttons. */
export const consentMountedAtom = atom(false);
