import type { Tracking } from '../../schemas/api.ts';

/** What every hit of one visit shares. */
export interface HitContext {
  /** 16 hex characters, random per page load and kept in memory only (no cookie, no storage). */
  readonly visitorId: string;
  /** Screen size as `1920x1080`, or empty. */
  readonly resolution: string;
  readonly now: Date;
  /** Cache buster. */
  readonly random: string;
}

export interface PageView {
  readonly url: string;
  readonly title: string;
  /** The previous page of the visit, or the external referrer on the landing page. */
  readonly referrer: string;
  /** 6 characters linking later events of this page to its view. */
  readonly pageViewId: string;
}

export type MatomoHit =
  | ({ readonly kind: 'pageView' } & PageView)
  | { readonly kind: 'goal'; readonly url: string; readonly goalId: number; readonly revenue?: number }
  | {
      readonly kind: 'event';
      readonly url: string;
      readonly category: string;
      readonly action: string;
      readonly name?: string;
      readonly pageViewId?: string;
    };

/** `{url}/matomo.php`, whether or not the configured base URL ends in a slash. */
export function matomoEndpoint(tracking: Pick<Tracking, 'url'>): string {
  return `${tracking.url.replace(/\/+$/, '')}/matomo.php`;
}

/**
 * One request of Matomo's HTTP tracking API (developer.matomo.org/api-reference/tracking-api): the same
 * parameters matomo.js sends, built here so that no third-party script runs on our pages.
 */
export function matomoHitUrl(
  tracking: Pick<Tracking, 'url' | 'siteId'>,
  hit: MatomoHit,
  context: HitContext,
): string {
  const params = new URLSearchParams({
    idsite: String(tracking.siteId),
    rec: '1',
    apiv: '1',
    url: hit.url,
    _id: context.visitorId,
    rand: context.random,
    h: String(context.now.getHours()),
    m: String(context.now.getMinutes()),
    s: String(context.now.getSeconds()),
    send_image: '0',
  });
  if (context.resolution) params.set('res', context.resolution);
  switch (hit.kind) {
    case 'pageView':
      params.set('action_name', hit.title);
      params.set('pv_id', hit.pageViewId);
      if (hit.referrer) params.set('urlref', hit.referrer);
      break;
    case 'goal':
      // `ca=1`: not a page view, so the time on the page is not cut short.
      params.set('ca', '1');
      params.set('idgoal', String(hit.goalId));
      if (hit.revenue !== undefined) params.set('revenue', String(hit.revenue));
      break;
    case 'event':
      params.set('ca', '1');
      params.set('e_c', hit.category);
      params.set('e_a', hit.action);
      if (hit.name) params.set('e_n', hit.name);
      if (hit.pageViewId) params.set('pv_id', hit.pageViewId);
      break;
  }
  return `${matomoEndpoint(tracking)}?${params.toString()}`;
}
