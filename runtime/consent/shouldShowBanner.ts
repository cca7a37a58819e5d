import type { ConsentState } from './consentState.ts';
import type { ConsentMode } from './createConsentManager.ts';

/** SPEC section 2: the cookie-consent banner is suppressed on the privacy and imprint pages. */
export const BANNER_SUPPRESSED_ROUTES: readonly string[] = ['Privacy', 'Imprint'];

export interface BannerInput {
  readonly mode: ConsentMode;
  readonly state: ConsentState;
  /** The route on screen, null before the first page has rendered. */
  readonly routeName: string | null;
}

/** Our banner asks while nothing is decided, never when an external manager decides, never on those pages. */
export function shouldShowBanner({ mode, state, routeName }: BannerInput): boolean {
  return (
    mode === 'internal' &&
    !state.decided &&
    routeName !== null &&
    !BANNER_SUPPRESSED_ROUTES.includes(routeName)
  );
}
