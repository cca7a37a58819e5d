import type { FrameMode } from './frameMode.ts';

export interface RecommendationUrlInput {
  mode: FrameMode;
  /** MandantUrl: the client's own web site. */
  mandantUrl: string;
  /** EmpfehlenPath: where the programme is embedded on that site. */
  recommendPath: string;
  /** The app's path of the page to link to, with locale (and query), e.g. `/de/empfehlen/4711`. */
  routePath: string;
  /** This app's origin, e.g. `https://empfehlen.example`. */
  origin: string;
}

/**
 * The URL a recommendation link points to (SPEC 2): embedded in the client's site it is MandantUrl +
 * EmpfehlenPath + '#' + the route path (the client page hosts the app and routes by hash); otherwise the
 * app's own URL. A mandant without MandantUrl cannot host the app, so its links stay on the app.
 */
export function recommendationUrl(input: RecommendationUrlInput): string {
  const path = input.routePath.startsWith('/') ? input.routePath : `/${input.routePath}`;
  if (input.mode === 'embedded' && input.mandantUrl) {
    const site = input.mandantUrl.replace(/\/+$/, '');
    const recommendPath = input.recommendPath ? `/${input.recommendPath.replace(/^\/+/, '')}` : '';
    return `${site}${recommendPath}#${path}`;
  }
  return `${input.origin.replace(/\/+$/, '')}${path}`;
}
