import { useEffect, useState } from 'react';

/**
 * The current time (epoch ms), refreshed every `intervalMs`, so a window that opens or ends while
 * the page is open changes what it shows (a badge turns grey at the end date).
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
