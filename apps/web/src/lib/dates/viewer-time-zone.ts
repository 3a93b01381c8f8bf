import { isKnownTimeZone } from '@teamshuffle/domain';
import { isPrerendering } from '../prerendering';

/**
 * The viewer's own time zone: the browser's, when Intl names one it knows. Null on the server,
 * which renders pages without knowing it (decision 0029: dates there use the workspace's zone,
 * and a zone is named only once the browser knows whether it is the viewer's).
 */
export function viewerTimeZone(): string | null {
  if (isPrerendering()) return null;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : null;
}
