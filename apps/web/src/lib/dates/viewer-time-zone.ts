import { DEFAULT_TIME_ZONE, isKnownTimeZone } from '@teamshuffle/domain';
import { isPrerendering } from '../prerendering';

/**
 * The viewer's own time zone: the browser's. A page rendered on the server does not know it and
 * uses the spec's Seoul time (the browser's own render then shows its zone); a browser that
 * names no zone Intl knows gets Seoul as well.
 */
export function viewerTimeZone(): string {
  if (isPrerendering()) return DEFAULT_TIME_ZONE;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
