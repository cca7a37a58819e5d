import { useAtomValue } from 'jotai';
import { mandantIdAtom } from '../state/atoms.ts';
import { assetUrl } from './assetUrl.ts';

/** The URL of a mandant asset named in configuration or block props (e.g. a hero image). */
export function useAssetUrl(src: string): string {
  return assetUrl(useAtomValue(mandantIdAtom), src);
}
