import { atom } from 'jotai';

/** Whether the settings dialog is open; the footer link opens it. */
export const consentDialogOpenAtom = atom(false);
