import type { ConsentState } from './consentState.ts';

export type ConsentListener = (state: ConsentState) => void;

const listeners = new Set<ConsentListener>();

/** Called after every change of the consent (banner, settings dialog, external manager). Returns unsubscribe. */
export function onConsentChange(listener: ConsentListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitConsentChange(state: ConsentState): void {
  for (const listener of [...listeners]) {
    try {
      listener(state);
    } catch (error) {
      // One failing listener must not keep the others (trackers, channel cookie) from hearing a withdrawal.
      console.error('A consent listener failed', error);
    }
  }
}
