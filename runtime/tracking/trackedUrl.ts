import { CHANNEL_QUERY_PARAMS } from '../../schemas/constants.ts';
import { WIDGET_QUERY_PARAM } from '../router/widget.ts';

export interface TrackedLocation {
  readonly pathname: string;
  readonly search: string;
  readonly params: Readonly<Record<string, string>>;
}

/** Campaign parameters Matomo itself reads from the page URL, our channel parameters and the widget flag. */
function isKeptParam(name: string): boolean {
  return (
    /^(pk|mtm|utm)_/.test(name) ||
    name === WIDGET_QUERY_PARAM ||
    (CHANNEL_QUERY_PARAMS as readonly string[]).includes(name)
  );
}

/**
 * The page URL a tracker is told. Route parameters become `:name` and only campaign parameters of the query
 * stay, because paths and queries carry recommendation numbers, recipient hashes and login tokens, which
 * must never reach an analytics server; pages of one route are counted together as a welcome side effect.
 */
export function trackedUrl(origin: string, location: TrackedLocation): string {
  const values = new Map(Object.entries(location.params).map(([name, value]) => [value, name]));
  const path = location.pathname
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape is not a route parameter value; keep the segment as it is.
      }
      const name = values.get(decoded);
      return name === undefined || segment === '' ? segment : `:${name}`;
    })
    .join('/');
  const query = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(location.search)) {
    if (isKeptParam(name)) query.append(name, value);
  }
  const kept = query.toString();
  return `${origin}${path}${kept ? `?${kept}` : ''}`;
}
