import { atom } from 'jotai';
import type { MandantResponse } from '../../schemas/api.ts';
import { DEFAULT_LANGUAGE } from '../../schemas/constants.ts';
import type { LanguageOption } from '../boot/RuntimeConfig.ts';
import type { RouteTable } from '../router/routeTable.ts';

/** The public mandant configuration (pages included). Null only before boot has finished. */
export const mandantAtom = atom<MandantResponse | null>(null);
export const mandantIdAtom = atom('');
/** Route name ↔ path, default routes first, then additional routes. */
export const routeTableAtom = atom<RouteTable>([]);
export const languagesAtom = atom<readonly LanguageOption[]>([]);
export const defaultLanguageAtom = atom<string>(DEFAULT_LANGUAGE);
/** The language of the current URL; links, the API header and the `lang` attribute follow it. */
export const languageAtom = atom<string>(DEFAULT_LANGUAGE);
