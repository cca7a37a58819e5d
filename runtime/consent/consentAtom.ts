import { atom } from 'jotai';
import { type ConsentState, UNSET_CONSENT } from './consentState.ts';

/**
 * The consent in force. Unset until the consent runtime has read the stored decision (it loads after first
 * paint), so anything reading it early treats every optional category as not given — the safe side.
 */
export const consentAtom = atom<ConsentState>(UNSET_CONSENT);
