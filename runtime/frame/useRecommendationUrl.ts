import { useSyncExternalStore } from 'react';
import { useLocation } from '../router/navigation/index.ts';
import type { RouteParams } from '../router/routeTable.ts';
import { useRouteHref } from '../router/useRouteHref.ts';
import { useMandant } from '../state/hooks.ts';
import { frameMode, isInFrame } from './frameMode.ts';
import { recommendationUrl } from './recommendationUrl.ts';

const noSubscription = () => () => {};

/**
 * The frame the app runs in (SPEC 2): `top`, `widget` or `embedded`. Whether the window is framed is the
 * browser's to know: the server and the hydrating browser render `top` (or `widget`), the browser its own
 * mode from then on.
 */
export function useFrameMode() {
  const inFrame = useSyncExternalStore(
    noSubscription,
    () => isInFrame(),
    () => false,
  );
  return frameMode(inFrame, useLocation().search);
}

/**
 * The absolute URL to share for a route (SPEC 2): in the embedded frame it points into the client's
 * site, otherwise to this app. Null when the mandant has no such route.
 */
export function useRecommendationUrl(name: string, params?: RouteParams): string | null {
  const mandant = useMandant();
  const mode = useFrameMode();
  const href = useRouteHref(name, params);
  if (href === null) return null;
  return recommendationUrl({
    mode,
    mandantUrl: mandant.MandantUrl ?? '',
    recommendPath: mandant.EmpfehlenPath ?? '',
    routePath: href,
    origin: window.location.origin,
  });
}
